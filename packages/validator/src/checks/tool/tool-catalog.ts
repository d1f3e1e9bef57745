/**
 * The tools a server has listed, by name, as the checks that judge calls need them: each call is judged against
 * the most recent definition of its tool. Bounded: past MAX_TOOLS names the oldest are forgotten (a call to a
 * forgotten tool is simply not judged).
 */
import { type Exchange, isPlainObject } from "@mcp-conf/trace-format";
import { trimOldest } from "../../engine/bounded.js";
import { answeredClientRequest } from "./text.js";

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
