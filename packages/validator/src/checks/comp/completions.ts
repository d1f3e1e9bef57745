/**
 * Answers to `completion/complete` (server/utilities/completion): a request whose `ref/prompt` names a prompt the
 * server's current complete prompt listing does not hold is answered with error -32602, and a result carries at
 * most 100 values.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { promptRequestCheck } from "../support/prompt-requests.js";

export const MAX_COMPLETION_VALUES = 100;

export const compUnknownPromptRejected = promptRequestCheck(
  "comp.unknown-prompt-rejected",
  "A completion/complete for a prompt the server's complete listing does not hold is answered with error -32602.",
  "completion/complete",
  (catalog, params) => {
    const ref = params.ref;
    if (!isPlainObject(ref) || ref.type !== "ref/prompt" || typeof ref.name !== "string") return undefined;
    if (!catalog.isUnknown(ref.name)) return undefined;
    return `for prompt ${quote(ref.name)}, which the server's prompt list does not hold,`;
  },
);

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
