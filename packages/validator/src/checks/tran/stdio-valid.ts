/**
 * stdio output validity (TRAN-005/006): on stdio each line either side writes to the other is a valid MCP message
 * — not a non-JSON line (a log line on stdout), not a batch (except at 2025-03-26, the one revision with JSON-RPC
 * batching, a well-formed one), not a JSON value that is no JSON-RPC message at all. A line the recorder cut at its size limit is not judged.
 */

import { classifyMessage } from "@mcp-conf/session";
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { batchDefect, batchesAllowed } from "../support/batching.js";
import { jsonType, quote } from "../support/detail.js";

function stdioCheck(id: string, direction: Direction, description: string, channel: string): CheckDefinition {
  return {
    id,
    description,
    subscribe: { events: ["message", "raw"] },
    create(ctx) {
      return {
        event(event: TraceEvent) {
          if (event.transport !== "stdio" || event.direction !== direction) return;
          if (event.kind === "raw") {
            if (event.truncated === true) return;
            ctx.examined();
            ctx.report(event.seq, `${channel} carried a line that is not JSON: ${quote(event.text, 60)}`);
          } else if (event.kind === "message") {
            ctx.examined();
            const payload = event.payload;
            if (Array.isArray(payload) && batchesAllowed(ctx.revision)) {
              const defect = batchDefect(payload);
              if (defect) ctx.report(event.seq, `${channel} carried ${defect}`);
            } else if (Array.isArray(payload)) {
              ctx.report(
                event.seq,
                `${channel} carried a JSON-RPC batch of ${payload.length} message(s); MCP messages are single`,
              );
            } else if (classifyMessage(payload).type === "invalid") {
              ctx.report(
                event.seq,
                `${channel} carried a JSON ${jsonType(payload)} that is no JSON-RPC request, notification or response`,
              );
            }
          }
        },
      };
    },
  };
}

export const stdioServerOutputValid = stdioCheck(
  "tran.stdio-server-output-valid",
  "server-to-client",
  "On stdio the server writes nothing to stdout but valid MCP messages.",
  "the server's stdout",
);

export const stdioClientInputValid = stdioCheck(
  "tran.stdio-client-input-valid",
  "client-to-server",
  "On stdio the client writes nothing to the server's stdin but valid MCP messages.",
  "the server's stdin",
);
