/**
 * A client's request to the server and the answer it drew, narrowed from an exchange (whose params, result and
 * error arrive as `unknown`), and how that answer reads in a detail. Shared by the server-feature checks.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import { errorCodeOf } from "./readers.js";

/** JSON-RPC error -32602, Invalid params. */
export const INVALID_PARAMS = -32602;
/** JSON-RPC error -32601, Method not found. */
export const METHOD_NOT_FOUND = -32601;

/** A client-to-server request exchange with a response, narrowed. */
export interface AnsweredRequest {
  seq: number;
  params: Record<string, unknown>;
  response: MessageRef;
  /** The result object when the response is a result (a non-object result becomes `{}`-less undefined). */
  result: Record<string, unknown> | undefined;
  /** The error object when the response is an error. */
  error: Record<string, unknown> | undefined;
  isError: boolean;
}

/**
 * Narrows an exchange to a client's request to the server that was answered; undefined otherwise. An
 * InputRequiredResult (2026-07-28: `resultType: "input_required"`) is not the request's answer — the client retries
 * with a new request, whose result is — so the feature checks never judge it as one (the MRTR checks read it).
 */
export function answeredClientRequest(exchange: Exchange): AnsweredRequest | undefined {
  // Some twenty checks ask this of the same exchange, one after another.
  if (exchange !== lastExchange) {
    lastExchange = exchange;
    lastAnswer = narrowAnswer(exchange);
  }
  return lastAnswer;
}

let lastExchange: Exchange | undefined;
let lastAnswer: AnsweredRequest | undefined;

function narrowAnswer(exchange: Exchange): AnsweredRequest | undefined {
  if (exchange.type !== "request" || exchange.response === null) return undefined;
  if (exchange.request.direction !== "client-to-server") return undefined;
  const params = isPlainObject(exchange.request.message.params) ? exchange.request.message.params : {};
  const message = exchange.response.message;
  if (message.type === "result") {
    if (isPlainObject(message.result) && message.result.resultType === "input_required") return undefined;
    return {
      seq: exchange.request.seq,
      params,
      response: exchange.response,
      result: isPlainObject(message.result) ? message.result : undefined,
      error: undefined,
      isError: false,
    };
  }
  if (message.type === "error") {
    return {
      seq: exchange.request.seq,
      params,
      response: exchange.response,
      result: undefined,
      error: isPlainObject(message.error) ? message.error : undefined,
      isError: true,
    };
  }
  return undefined;
}

/** How an answer reads in a detail: `a result`, `error -32603`, `an error without a numeric code`. */
export function describeAnswer(answer: AnsweredRequest): string {
  if (!answer.isError) return "a result";
  const code = errorCodeOf(answer.response);
  return code === undefined ? "an error without a numeric code" : `error ${code}`;
}
