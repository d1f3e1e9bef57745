/**
 * The two gates a capability puts on a request, as several areas state them: the sender sends the request only to a
 * receiver that declared the capability (judged when the answer was an error or never came: a request served anyway
 * is left to the receiver's declaration clause), and a client that answers a server's request with a result declared
 * the capability the request needs.
 */
import { type Exchange, hasCapability, type SessionFacts } from "@mcp-conf/session";
import type { CheckDefinition, Side } from "../../engine/types.js";
import { messageRuleCheck } from "./message-rule.js";
import { receiverSide } from "./readers.js";

type RequestExchange = Extract<Exchange, { type: "request" }>;

export interface RequestGate {
  id: string;
  description: string;
  methods: readonly string[];
  /** The capability the request needs of its receiver (`sampling`, `tasks.list`), or undefined when it is not gated. */
  needs(x: RequestExchange): string | undefined;
  /** The finding for a request sent although its receiver (`side`) did not declare `capability`. */
  detail(x: RequestExchange, side: Side, capability: string): string;
}

/** A request sent only to a receiver that declared the capability it needs; reported at the request. */
export function requestGateCheck(gate: RequestGate): CheckDefinition {
  return {
    id: gate.id,
    description: gate.description,
    subscribe: { exchanges: gate.methods },
    create(ctx) {
      return {
        exchange(x: Exchange) {
          if (x.type !== "request") return;
          const capability = gate.needs(x);
          if (capability === undefined) return;
          ctx.examined();
          const side = receiverSide(x.request.direction);
          if (hasCapability(ctx.facts, `${side}.${capability}`) || x.response?.message.type === "result") return;
          ctx.report(x.request.seq, gate.detail(x, side, capability));
        },
      };
    },
  };
}

export interface AnswerGate {
  id: string;
  description: string;
  /** The server's request, e.g. `roots/list`. */
  method: string;
  /** The client capability, as findings name it (`roots`). */
  capability: string;
  /** Whether the client declared it; default: `client.<capability>` is declared. */
  declared?(facts: SessionFacts): boolean;
}

/** A client that answers the server's `method` with a result declared `capability`; reported at the answer. */
export function answeredOnlyWhenDeclaredCheck(gate: AnswerGate): CheckDefinition {
  const declared = gate.declared ?? ((facts: SessionFacts) => hasCapability(facts, `client.${gate.capability}`));
  return messageRuleCheck({
    id: gate.id,
    description: gate.description,
    subscribe: { exchanges: [gate.method] },
    subject: (x: Exchange) =>
      x.type === "request" && x.request.direction === "server-to-client" && x.response?.message.type === "result"
        ? x.response
        : undefined,
    judge: (_answer, ctx) =>
      declared(ctx.facts)
        ? undefined
        : `the client answered ${gate.method} with a result but did not declare the ${gate.capability} capability`,
  });
}
