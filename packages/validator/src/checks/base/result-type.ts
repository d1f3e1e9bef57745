/**
 * modern.result-type-present — every result a server sends in answer to a client request carries a `resultType`
 * string ("The result MUST include a resultType field to indicate the type of the result.").
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { resultOf } from "../support/readers.js";

export const resultTypePresent: CheckDefinition = {
  id: "modern.result-type-present",
  description: "Every result the server sends carries a resultType string.",
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server") return;
        const result = resultOf(x.response);
        if (!result) return;
        ctx.examined();
        if (typeof result.resultType !== "string")
          ctx.report(
            x.response!.seq,
            `the result of ${quote(x.method)} has resultType ${quote(result.resultType ?? null)}, not a string`,
          );
      },
    };
  },
};
