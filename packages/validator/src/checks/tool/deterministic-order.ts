/**
 * "Servers SHOULD return tools in a deterministic order" (server/tools, 2026-07-28): two tools/list results for the
 * same cursor that hold the same tools hold them in the same order. A result whose set of tools differs from the last
 * one for its cursor is a change of the list, not a reordering, and is not judged.
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { BoundedMap } from "../support/bounded-map.js";
import { quote } from "../support/detail.js";
import { nameOf } from "../support/listing.js";

/** Cursors whose last listing is remembered; past this the oldest are forgotten. */
const MAX_CURSORS = 1000;

export const toolDeterministicOrder: CheckDefinition = {
  id: "tool.deterministic-order",
  description: "tools/list returns the same tools in the same order while the set of tools has not changed.",
  subscribe: { exchanges: ["tools/list"] },
  create(ctx) {
    const last = new BoundedMap<string, { names: string[]; seq: number }>(MAX_CURSORS);
    return {
      exchange(exchange: Exchange) {
        const answer = answeredClientRequest(exchange);
        const tools = answer?.result?.tools;
        if (!answer || !Array.isArray(tools)) return;
        const names = tools.map(nameOf).filter((name): name is string => name !== undefined);
        const cursor = typeof answer.params.cursor === "string" ? answer.params.cursor : "";
        const before = last.get(cursor);
        last.set(cursor, { names, seq: answer.response.seq });
        if (!before || [...before.names].sort().join("\u0000") !== [...names].sort().join("\u0000")) return;
        ctx.examined();
        if (before.names.join("\u0000") !== names.join("\u0000"))
          ctx.report(
            answer.response.seq,
            `tools/list returned the same tools as at seq ${before.seq} in another order: ${names.map((n) => quote(n)).join(", ")}`,
          );
      },
    };
  },
};
