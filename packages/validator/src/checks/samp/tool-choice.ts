/**
 * toolChoice honoured in the client's answer: mode "required" means the model used at least one tool; mode
 * "none" means it used none.
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { paramsOf, resultOf } from "../support/readers.js";
import { blocksOf } from "./sampling-messages.js";

function toolChoiceCheck(mode: "required" | "none"): CheckDefinition {
  return {
    id: `samp.tool-choice-${mode}-honoured`,
    description:
      mode === "required"
        ? 'A sampling result for toolChoice "required" contains a tool use.'
        : 'A sampling result for toolChoice "none" contains no tool use.',
    subscribe: { exchanges: ["sampling/createMessage"] },
    create(ctx) {
      return {
        exchange(x: Exchange) {
          if (x.type !== "request" || x.request.direction !== "server-to-client") return;
          const choice = paramsOf(x.request)?.toolChoice;
          if (typeof choice !== "object" || choice === null || (choice as Record<string, unknown>).mode !== mode)
            return;
          const result = resultOf(x.response);
          if (!result) return;
          ctx.examined();
          const usedTool = blocksOf(result).some((b) => b.type === "tool_use");
          if (mode === "required" && !usedTool) {
            ctx.report(x.response?.seq, 'toolChoice was "required" but the sampling result contains no tool_use');
          } else if (mode === "none" && usedTool) {
            ctx.report(x.response?.seq, 'toolChoice was "none" but the sampling result contains a tool_use');
          }
        },
      };
    },
  };
}

export const toolChoiceRequiredHonoured = toolChoiceCheck("required");
export const toolChoiceNoneHonoured = toolChoiceCheck("none");
