/**
 * Elicitation modes and the capability that declares them: `elicitation: {}` means form only; otherwise each mode
 * the client supports is a key (`form`, `url`). A server sends only declared modes; a client that answers declared
 * elicitation; a client that declared elicitation refuses an undeclared mode with -32602.
 */

import type { Exchange, MessageRef, SessionFacts } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredOnlyWhenDeclaredCheck } from "../support/capability-gates.js";
import { errorCodeOf, paramsOf } from "../support/readers.js";

const CREATE = "elicitation/create";

/** The mode an elicitation request asks for ("form" when omitted). */
export function modeOf(ref: MessageRef): unknown {
  return paramsOf(ref)?.mode ?? "form";
}

/** The modes the client declared, or undefined if it declared no elicitation at all. */
export function declaredModes(facts: SessionFacts): Set<string> | undefined {
  const elicitation = facts.clientCapabilities?.elicitation;
  if (!isPlainObject(elicitation)) return undefined;
  const modes = new Set<string>();
  for (const mode of ["form", "url"]) {
    const value = elicitation[mode];
    if (value !== undefined && value !== null && value !== false) modes.add(mode);
  }
  if (modes.size === 0 && elicitation.form === undefined && elicitation.url === undefined) modes.add("form");
  return modes;
}

function fromServer(ref: MessageRef): boolean {
  return ref.message.type === "request" && ref.direction === "server-to-client";
}

export const modeDeclared: CheckDefinition = {
  id: "elic.mode-declared",
  description: "A server sends elicitation/create only in a mode the client declared.",
  subscribe: { messages: [CREATE] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (!fromServer(ref)) return;
        ctx.examined();
        const mode = modeOf(ref);
        const modes = declaredModes(ctx.facts);
        if (!modes)
          ctx.report(
            ref.seq,
            `elicitation/create (mode ${JSON.stringify(mode)}) sent, but the client did not declare elicitation`,
          );
        else if (typeof mode !== "string" || !modes.has(mode)) {
          ctx.report(
            ref.seq,
            `elicitation/create uses mode ${JSON.stringify(mode)}, but the client declared only ${[...modes].map((m) => JSON.stringify(m)).join(", ")}`,
          );
        }
      },
    };
  },
};

export const answeredOnlyWhenDeclared = answeredOnlyWhenDeclaredCheck({
  id: "elic.answered-only-when-declared",
  description: "A client that answers elicitation/create with a result declared the elicitation capability.",
  method: CREATE,
  capability: "elicitation",
  declared: (facts) => declaredModes(facts) !== undefined,
});

export const undeclaredModeRejected: CheckDefinition = {
  id: "elic.undeclared-mode-rejected",
  description: "A client that declared elicitation answers a request in an undeclared mode with error -32602.",
  subscribe: { exchanges: [CREATE] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || !fromServer(x.request) || !x.response) return;
        const modes = declaredModes(ctx.facts);
        const mode = modeOf(x.request);
        if (!modes) return;
        // Every answer is a subject: one to a declared mode needs no rejection, one to an undeclared mode must be -32602.
        ctx.examined();
        if (typeof mode === "string" && modes.has(mode)) return;
        const code = errorCodeOf(x.response);
        if (code !== -32602) {
          ctx.report(
            x.response.seq,
            `elicitation/create in undeclared mode ${JSON.stringify(mode)} was answered with ${code === undefined ? "a result" : `error code ${code}`}, not -32602`,
          );
        }
      },
    };
  },
};
