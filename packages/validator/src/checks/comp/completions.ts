/**
 * Answers to `completion/complete` (server/utilities/completion): a request whose `ref/prompt` names a prompt the
 * server's current complete prompt listing does not hold is answered with error -32602, and a result carries at
 * most 100 values.
 */
import { type Exchange, isPlainObject, type MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { PromptCatalog } from "../prom/prompt-catalog.js";
import { INVALID_PARAMS } from "../prom/requests.js";
import { answeredClientRequest, describeAnswer, errorCode, quote } from "../tool/text.js";

export const MAX_COMPLETION_VALUES = 100;

export const compUnknownPromptRejected: CheckDefinition = {
  id: "comp.unknown-prompt-rejected",
  description:
    "A completion/complete for a prompt the server's complete listing does not hold is answered with error -32602.",
  subscribe: { exchanges: ["prompts/list", "completion/complete"], messages: ["notifications/prompts/list_changed"] },
  create(ctx) {
    const catalog = new PromptCatalog();
    return {
      message(ref: MessageRef) {
        catalog.changed(ref);
      },
      exchange(exchange: Exchange) {
        if (exchange.type !== "request") return;
        if (exchange.method === "prompts/list") {
          catalog.learn(exchange);
          return;
        }
        const answer = answeredClientRequest(exchange);
        const ref = answer?.params.ref;
        if (!answer || !isPlainObject(ref) || ref.type !== "ref/prompt" || typeof ref.name !== "string") return;
        if (!catalog.isUnknown(ref.name)) return;
        ctx.examined();
        if (errorCode(answer) === INVALID_PARAMS) return;
        ctx.report(
          answer.response.seq,
          `completion/complete for prompt ${quote(ref.name)}, which the server's prompt list does not hold, was answered with ${describeAnswer(answer)}, not error ${INVALID_PARAMS}`,
        );
      },
    };
  },
};

export const compValuesLimit: CheckDefinition = {
  id: "comp.values-limit",
  description: "A completion/complete result carries at most 100 values.",
  subscribe: { exchanges: ["completion/complete"] },
  create(ctx) {
    return {
      exchange(exchange: Exchange) {
        const answer = answeredClientRequest(exchange);
        const completion = answer?.result?.completion;
        if (!answer || !isPlainObject(completion) || !Array.isArray(completion.values)) return;
        ctx.examined();
        if (completion.values.length > MAX_COMPLETION_VALUES) {
          ctx.report(
            answer.response.seq,
            `completion/complete result carries ${completion.values.length} values, more than ${MAX_COMPLETION_VALUES}`,
          );
        }
      },
    };
  },
};
