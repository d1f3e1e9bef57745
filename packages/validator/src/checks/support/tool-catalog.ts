/**
 * The tools a server has listed, by name, as the checks that judge calls need them: each call is judged against
 * the most recent definition of its tool. Bounded: past MAX_TOOLS names the oldest are forgotten (a call to a
 * forgotten tool is simply not judged).
 */

import { type Exchange, trimOldest } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { type AnsweredRequest, answeredClientRequest } from "./answers.js";

export const MAX_TOOLS = 10_000;

export class ToolCatalog {
  private readonly tools = new Map<string, Record<string, unknown>>();

  /** Takes a `tools/list` exchange and remembers the definitions its result carries. */
  learn(exchange: Exchange): void {
    const answer = answeredClientRequest(exchange);
    const tools = answer?.result?.tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (!isPlainObject(tool) || typeof tool.name !== "string") continue;
      this.tools.delete(tool.name);
      this.tools.set(tool.name, tool);
      trimOldest(this.tools, MAX_TOOLS);
    }
  }

  get(name: unknown): Record<string, unknown> | undefined {
    return typeof name === "string" ? this.tools.get(name) : undefined;
  }
}

/**
 * A check of each answered tools/call: `judge` sees the answer and the called tool's most recent listed definition
 * (undefined when the server has not listed it).
 */
export function toolCallCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, answer: AnsweredRequest, tool: Record<string, unknown> | undefined) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["tools/list", "tools/call"] },
    create(ctx) {
      const catalog = new ToolCatalog();
      return {
        exchange(exchange) {
          if (exchange.type !== "request") return;
          if (exchange.method === "tools/list") {
            catalog.learn(exchange);
            return;
          }
          const answer = answeredClientRequest(exchange);
          if (answer) judge(ctx, answer, catalog.get(answer.params.name));
        },
      };
    },
  };
}
