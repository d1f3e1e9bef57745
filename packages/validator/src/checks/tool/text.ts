/**
 * Small helpers the server-feature checks share: quoting untrusted values for a finding's detail (JSON, cut to a
 * readable length — renderers escape the rest), and narrowing the results and params of exchanges, which arrive
 * as `unknown`.
 */
import { type Exchange, isPlainObject, type MessageRef } from "@mcp-conf/trace-format";

/** The longest quoted value a detail carries before it is cut with "…". */
export const MAX_QUOTED = 120;

/** A string value quoted for a detail: JSON-escaped and cut at MAX_QUOTED characters. */
export function quote(value: string): string {
  return JSON.stringify(value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value);
}

/** The JSON type of a value, for details like `inputSchema is null`. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "missing";
  return `a ${typeof value}`;
}

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

/** Narrows an exchange to a client's request to the server that was answered; undefined otherwise. */
export function answeredClientRequest(exchange: Exchange): AnsweredRequest | undefined {
  if (exchange.type !== "request" || exchange.response === null) return undefined;
  if (exchange.request.direction !== "client-to-server") return undefined;
  const params = isPlainObject(exchange.request.message.params) ? exchange.request.message.params : {};
  const message = exchange.response.message;
  if (message.type === "result") {
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

/** The params of a client-to-server request exchange (answered or not), or undefined for anything else. */
export function clientRequestParams(exchange: Exchange): Record<string, unknown> | undefined {
  if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return undefined;
  return isPlainObject(exchange.request.message.params) ? exchange.request.message.params : {};
}

/** The error code of an answer, or undefined when it is not an error or carries no numeric code. */
export function errorCode(answer: AnsweredRequest): number | undefined {
  const code = answer.error?.code;
  return typeof code === "number" ? code : undefined;
}

/** How an answer reads in a detail: `a result`, `error -32603`, `an error without a code`. */
export function describeAnswer(answer: AnsweredRequest): string {
  if (!answer.isError) return "a result";
  const code = errorCode(answer);
  return code === undefined ? "an error without a numeric code" : `error ${code}`;
}

/** An array field of an object, or an empty list when absent or not an array. */
export function arrayField(value: Record<string, unknown> | undefined, key: string): unknown[] {
  const field = value?.[key];
  return Array.isArray(field) ? field : [];
}

/** Any JSON value as a detail shows it: JSON text cut at MAX_QUOTED characters. */
export function brief(value: unknown): string {
  if (value === undefined) return "nothing";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
}
