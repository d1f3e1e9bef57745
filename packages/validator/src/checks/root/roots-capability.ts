/**
 * The roots capability on the wire: a server checks for it before sending roots/list; a client that answers
 * roots/list with a list declared it; a client without it rejects roots/list with -32601 (Method not found).
 */
import { type Exchange, hasCapability, type MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { METHOD_NOT_FOUND } from "../support/answers.js";
import { answeredOnlyWhenDeclaredCheck } from "../support/capability-gates.js";
import { errorCodeOf } from "../support/readers.js";

export const listOnlyWhenDeclared: CheckDefinition = {
  id: "root.list-only-when-declared",
  description: "A server sends roots/list only to a client that declared the roots capability.",
  subscribe: { messages: ["roots/list"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request" || ref.direction !== "server-to-client") return;
        ctx.examined();
        if (!hasCapability(ctx.facts, "client.roots")) {
          ctx.report(ref.seq, "the server sent roots/list, but the client did not declare the roots capability");
        }
      },
    };
  },
};

export const answeredOnlyWhenDeclared = answeredOnlyWhenDeclaredCheck({
  id: "root.answered-only-when-declared",
  description: "A client that answers roots/list with a list declared the roots capability.",
  method: "roots/list",
  capability: "roots",
});

export const unsupportedListRejected: CheckDefinition = {
  id: "root.unsupported-list-rejected",
  description: "A client without the roots capability rejects roots/list with error -32601.",
  subscribe: { exchanges: ["roots/list"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "server-to-client" || !x.response) return;
        // Every answer is a subject: one from a client with roots needs no rejection, one without must be -32601.
        ctx.examined();
        if (x.response.message.type !== "error" || hasCapability(ctx.facts, "client.roots")) return;
        const code = errorCodeOf(x.response);
        if (code !== METHOD_NOT_FOUND) {
          ctx.report(
            x.response.seq,
            `roots/list to a client without roots was rejected with error code ${code === undefined ? "(none)" : code}, not -32601`,
          );
        }
      },
    };
  },
};
