/**
 * Responses (BASE-006 to BASE-011, BASE-033): a result or an error answers an open request of the other side by
 * its id; a result carries a `result` object; an error carries an `error` object with an integer `code` and a
 * string `message`, a single line (a concise sentence). An error may go without an id only when the request it
 * answers could not be read: after the peer sent something malformed, or with the JSON-RPC codes for that
 * (-32700 parse error, -32600 invalid request) — or as the body of an HTTP error status on streamable HTTP, which
 * the transport allows ("The HTTP response body MAY comprise a JSON-RPC error response that has no id").
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { type Direction, isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { jsonType, quote } from "../support/detail.js";
import { isOAuthErrorResponse, sender } from "../support/readers.js";

const UNREADABLE_REQUEST_CODES = new Set([-32700, -32600]);

function idDescription(raw: unknown): string {
  if (!isPlainObject(raw) || !("id" in raw)) return "no id";
  return raw.id === null ? "a null id" : `id ${quote(raw.id)}`;
}

export const resultIdMatches: CheckDefinition = {
  id: "base.result-id-matches",
  description: "A result carries the id of an open request of the other side.",
  subscribe: { exchanges: ["*"] },
  create(ctx) {
    return {
      exchange(exchange: Exchange) {
        if (exchange.type === "request" && exchange.response?.message.type === "result") ctx.examined();
        if (exchange.type !== "orphan-response" || exchange.response.message.type !== "result") return;
        ctx.examined();
        const ref = exchange.response;
        ctx.report(
          ref.seq,
          `${sender(ref)} result with ${idDescription(ref.message.raw)} answers no open request of the other side`,
        );
      },
    };
  },
};

export const errorIdMatches: CheckDefinition = {
  id: "base.error-id-matches",
  description: "An error carries the id of an open request of the other side, unless that request was unreadable.",
  subscribe: { exchanges: ["*"], messages: ["*invalid", "*request", "*notification"], events: ["raw", "http"] },
  create(ctx) {
    const sentMalformed: Record<Direction, boolean> = { "client-to-server": false, "server-to-client": false };
    // The seq of the server's latest HTTP error status: its JSON body is the event right after it.
    let httpErrorAt: number | undefined;
    return {
      event(event: TraceEvent) {
        if (event.kind === "raw") sentMalformed[event.direction] = true;
        if (event.kind === "http" && event.direction === "server-to-client") {
          httpErrorAt = (event.status ?? 0) >= 400 ? event.seq : undefined;
        }
      },
      message(ref: MessageRef) {
        if (ref.message.type === "invalid" || ref.message.problems.length > 0) sentMalformed[ref.direction] = true;
      },
      exchange(exchange: Exchange) {
        if (exchange.type === "request" && exchange.response?.message.type === "error") ctx.examined();
        if (exchange.type !== "orphan-response" || exchange.response.message.type !== "error") return;
        ctx.examined();
        const ref = exchange.response;
        const raw = ref.message.raw;
        const idless = !isPlainObject(raw) || raw.id === null || raw.id === undefined;
        if (idless) {
          const peer: Direction = ref.direction === "client-to-server" ? "server-to-client" : "client-to-server";
          const code = isPlainObject(raw) && isPlainObject(raw.error) ? raw.error.code : undefined;
          if (sentMalformed[peer] || (typeof code === "number" && UNREADABLE_REQUEST_CODES.has(code))) return;
          if (httpErrorAt !== undefined && ref.seq === httpErrorAt + 1) return;
        }
        ctx.report(
          ref.seq,
          `${sender(ref)} error with ${idDescription(raw)} answers no open request of the other side${idless ? ", and nothing unreadable was sent to it" : ""}`,
        );
      },
    };
  },
};

export const responseHasResult: CheckDefinition = {
  id: "base.response-has-result",
  description: "A response carries a `result` (or an `error`) member.",
  subscribe: { messages: ["*response", "*invalid"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const raw = ref.message.raw;
        if (ref.message.type === "result" || ref.message.type === "error") {
          ctx.examined();
          return;
        }
        if (!isPlainObject(raw) || !("id" in raw) || "method" in raw || "result" in raw || "error" in raw) return;
        ctx.examined();
        ctx.report(ref.seq, `${sender(ref)} response with ${idDescription(raw)} has no "result" member (nor "error")`);
      },
    };
  },
};

export const resultIsObject: CheckDefinition = {
  id: "base.result-is-object",
  description: "A result is a JSON object.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "result") return;
        ctx.examined();
        if (!isPlainObject(m.result)) {
          ctx.report(
            ref.seq,
            `${sender(ref)} result for id ${quote(m.id)} is ${jsonType(m.result)}, not a JSON object`,
          );
        }
      },
    };
  },
};

export const errorObject: CheckDefinition = {
  id: "base.error-object",
  description: "An error response carries an `error` object with a `code` and a string `message`.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "error" || isOAuthErrorResponse(ref)) return;
        ctx.examined();
        const error = m.error;
        const who = `${sender(ref)} error response for id ${quote(m.id)}`;
        if (!isPlainObject(error)) ctx.report(ref.seq, `${who}: "error" is ${jsonType(error)}, not an object`);
        else if (!("code" in error)) ctx.report(ref.seq, `${who}: the error object has no "code"`);
        else if (typeof error.message !== "string") {
          ctx.report(
            ref.seq,
            "message" in error
              ? `${who}: the error "message" is ${jsonType(error.message)}, not a string`
              : `${who}: the error object has no "message"`,
          );
        }
      },
    };
  },
};

export const errorCodeInteger: CheckDefinition = {
  id: "base.error-code-integer",
  description: "An error code is an integer.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "error" || !isPlainObject(m.error) || !("code" in m.error)) return;
        ctx.examined();
        const code = m.error.code;
        if (typeof code === "number" && Number.isInteger(code)) return;
        ctx.report(
          ref.seq,
          `${sender(ref)} error response for id ${quote(m.id)} has code ${quote(code)}, not an integer`,
        );
      },
    };
  },
};

export const errorMessageConcise: CheckDefinition = {
  id: "base.error-message-concise",
  description: "An error message is a single line: a concise sentence, not a stack trace or a dump.",
  subscribe: { messages: ["*response"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "error" || !isPlainObject(m.error) || typeof m.error.message !== "string") return;
        ctx.examined();
        const lines = m.error.message.split(/\r\n|\r|\n/).length;
        if (lines > 1) {
          ctx.report(
            ref.seq,
            `${sender(ref)} error message for id ${quote(m.id)} spans ${lines} lines, not a concise single sentence: ${quote(m.error.message, 60)}`,
          );
        }
      },
    };
  },
};
