/**
 * Cursors (server/utilities/pagination): the client sends back only cursors the server gave it in this session
 * (opaque tokens are neither made up, edited, nor carried over from another session), and a list request whose
 * cursor the server never issued for that list is invalid — answered, and answered with error -32602. A cursor
 * the server issued for a different list is one the client did not edit, so it counts as the server's for the
 * first rule and as invalid for the others.
 */
import type { Exchange, MessageRef, RequestRef } from "@mcp-conf/session";
import { trimOldest } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest, describeAnswer, INVALID_PARAMS } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { PAGINATED_METHODS } from "../support/listing.js";
import { errorCodeOf } from "../support/readers.js";

/** Cursors remembered per session; past this the oldest are forgotten and unknown cursors are no longer judged. */
export const MAX_CURSORS = 10_000;

/** The cursors a server issued, by cursor → the list methods it was issued for. */
class IssuedCursors {
  private readonly issued = new Map<string, Set<string>>();
  private forgot = false;

  learn(exchange: Exchange): void {
    const answer = answeredClientRequest(exchange);
    const next = answer?.result?.nextCursor;
    if (typeof next !== "string" || exchange.type !== "request") return;
    let methods = this.issued.get(next);
    if (!methods) {
      methods = new Set();
      this.issued.set(next, methods);
      if (trimOldest(this.issued, MAX_CURSORS)) this.forgot = true;
    }
    methods.add(exchange.method);
  }

  /** "issued", "other-list" (issued, but for another method), "never", or "forgotten" (cannot tell). */
  status(cursor: string, method: string): "issued" | "other-list" | "never" | "forgotten" {
    const methods = this.issued.get(cursor);
    if (methods) return methods.has(method) ? "issued" : "other-list";
    return this.forgot ? "forgotten" : "never";
  }
}

/** The cursor a client's list request carries, if it is a string. */
function cursorOf(ref: MessageRef): string | undefined {
  if (ref.direction !== "client-to-server" || ref.message.type !== "request") return undefined;
  const params = ref.message.params;
  return isPlainObject(params) && typeof params.cursor === "string" ? params.cursor : undefined;
}

const SUBSCRIPTION = { messages: PAGINATED_METHODS, exchanges: PAGINATED_METHODS };

export const pageCursorFromServer: CheckDefinition = {
  id: "page.cursor-from-server",
  description: "Every cursor a client sends was issued by the server as a nextCursor earlier in the session.",
  subscribe: SUBSCRIPTION,
  create(ctx) {
    const issued = new IssuedCursors();
    return {
      message(ref: MessageRef) {
        const cursor = cursorOf(ref);
        if (cursor === undefined || ref.message.type !== "request") return;
        const status = issued.status(cursor, ref.message.method);
        if (status === "forgotten") return;
        ctx.examined();
        if (status === "never") {
          ctx.report(
            ref.seq,
            `${ref.message.method} request carries cursor ${quote(cursor)}, which the server never issued in this session`,
          );
        }
      },
      exchange(exchange) {
        issued.learn(exchange);
      },
    };
  },
};

/** A check judging list requests whose cursor is invalid for their list, when their exchange completes. */
function invalidCursorCheck(
  id: string,
  description: string,
  judge: (
    exchange: Exchange & { type: "request" },
    cursor: string,
  ) => { seq: number; detail: string } | "ok" | undefined,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: SUBSCRIPTION,
    create(ctx) {
      const issued = new IssuedCursors();
      const invalid = new WeakMap<RequestRef, string>();
      return {
        message(ref: MessageRef) {
          const cursor = cursorOf(ref);
          if (cursor === undefined || ref.message.type !== "request") return;
          const status = issued.status(cursor, ref.message.method);
          if (status === "never" || status === "other-list") invalid.set(ref as RequestRef, cursor);
        },
        exchange(exchange) {
          if (exchange.type !== "request") return;
          const cursor = invalid.get(exchange.request);
          if (cursor !== undefined) {
            const verdict = judge(exchange, cursor);
            if (verdict !== undefined) {
              ctx.examined();
              if (verdict !== "ok") ctx.report(verdict.seq, verdict.detail);
            }
          }
          issued.learn(exchange);
        },
      };
    },
  };
}

export const pageInvalidCursorAnswered = invalidCursorCheck(
  "page.invalid-cursor-answered",
  "A list request with a cursor the server never issued for that list is answered.",
  (exchange, cursor) =>
    exchange.response === null
      ? {
          seq: exchange.request.seq,
          detail: `${exchange.method} request with cursor ${quote(cursor)}, which the server never issued for this list, was never answered`,
        }
      : "ok",
);

export const pageInvalidCursorRejected = invalidCursorCheck(
  "page.invalid-cursor-rejected",
  "A list request with a cursor the server never issued for that list is answered with error -32602.",
  (exchange, cursor) => {
    const answer = answeredClientRequest(exchange);
    if (!answer) return undefined;
    if (errorCodeOf(answer.response) === INVALID_PARAMS) return "ok";
    return {
      seq: answer.response.seq,
      detail: `${exchange.method} request with cursor ${quote(cursor)}, which the server never issued for this list, was answered with ${describeAnswer(answer)}, not error ${INVALID_PARAMS}`,
    };
  },
);
