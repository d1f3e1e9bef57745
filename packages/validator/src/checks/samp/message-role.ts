/**
 * "Sampling messages MUST contain a role field of "user" or "assistant"; and a content field" (2026-07-28,
 * client/sampling#messages): each message of a sampling request, and the message the client's result is.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { paramsOf, resultOf } from "../support/readers.js";

const CREATE = "sampling/createMessage";
const ROLES: readonly unknown[] = ["user", "assistant"];

/** What is wrong with one sampling message's role and content, if anything. */
function roleContentProblem(what: string, message: unknown): string | undefined {
  if (!isPlainObject(message)) return `${what} is no object`;
  if (!ROLES.includes(message.role))
    return `${what} has role ${quote(message.role ?? null)}, not "user" or "assistant"`;
  if (message.content === undefined || message.content === null) return `${what} has no content`;
  return undefined;
}

function judge(ctx: CheckContext, seq: number, what: string, message: unknown): void {
  ctx.examined();
  const problem = roleContentProblem(what, message);
  if (problem) ctx.report(seq, problem);
}

export const messageRoleContent: CheckDefinition = {
  id: "samp.message-role-content",
  description:
    'Every sampling message, in the request and in the client\'s result, has role "user" or "assistant" and content.',
  subscribe: { messages: [CREATE], exchanges: [CREATE] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "request" || ref.direction !== "server-to-client") return;
        const messages = paramsOf(ref)?.messages;
        if (!Array.isArray(messages)) return;
        for (const [i, message] of messages.entries()) judge(ctx, ref.seq, `sampling message ${i}`, message);
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "server-to-client") return;
        const result = resultOf(x.response);
        if (result) judge(ctx, x.response!.seq, "the sampling result", result);
      },
    };
  },
};
