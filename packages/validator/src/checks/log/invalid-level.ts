/**
 * log.invalid-level-rejected — a request whose `_meta` `io.modelcontextprotocol/logLevel` is not one of the RFC 5424
 * levels of the logging page is rejected with a JSON-RPC error, not served (2026-07-28 asks for log messages per
 * request). The request breaks the schema too (BASE-015, the client's); this judges the server that accepted it.
 */
import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { LOG_LEVEL_META_KEY } from "../support/modern.js";
import { severity } from "./levels.js";

export const logInvalidLevelRejected: CheckDefinition = {
  id: "log.invalid-level-rejected",
  description: "A request whose _meta logLevel is not a recognised log level is answered with an error, not served.",
  subscribe: { exchanges: ["*request"] },
  create(ctx) {
    return {
      exchange(exchange: Exchange) {
        if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return;
        const params = exchange.request.message.params;
        const meta = isPlainObject(params) && isPlainObject(params._meta) ? params._meta : undefined;
        if (meta === undefined || !(LOG_LEVEL_META_KEY in meta)) return;
        const response = exchange.response;
        if (!response) return;
        ctx.examined();
        const level = meta[LOG_LEVEL_META_KEY];
        if (severity(level) >= 0 || response.message.type !== "result") return;
        ctx.report(
          response.seq,
          `the server served ${quote(exchange.method)} (id ${quote(exchange.request.message.id)}) whose _meta logLevel ${quote(level)} is no recognised log level, instead of rejecting it`,
          "server",
        );
      },
    };
  },
};
