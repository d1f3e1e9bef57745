/**
 * Classifying one JSON value from the wire as a JSON-RPC 2.0 message. Classification is lenient where the
 * message's role is still clear (a request with a bad `jsonrpc` field is still a request, so the rest of the
 * trace can pair with it) and records every defect in `problems`, for the checks to judge.
 */
import { isPlainObject } from "@mcp-conf/trace-format";

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  type: "request";
  id: JsonRpcId;
  method: string;
  params?: unknown;
}
export interface JsonRpcNotification {
  type: "notification";
  method: string;
  params?: unknown;
}
export interface JsonRpcResult {
  type: "result";
  id: JsonRpcId | null;
  result: unknown;
}
export interface JsonRpcError {
  type: "error";
  id: JsonRpcId | null;
  error: unknown;
}
export interface JsonRpcInvalid {
  type: "invalid";
}

export type JsonRpcMessage = (JsonRpcRequest | JsonRpcNotification | JsonRpcResult | JsonRpcError | JsonRpcInvalid) & {
  /** The value as received. */
  raw: unknown;
  /** Shape defects, empty for a well-formed message. */
  problems: string[];
};

function isId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/** Classifies one element of a payload (for a batch, call once per element). Never throws. */
export function classifyMessage(raw: unknown): JsonRpcMessage {
  if (!isPlainObject(raw)) {
    return { type: "invalid", raw, problems: [`a JSON-RPC message must be an object, got ${jsonTypeOf(raw)}`] };
  }
  const problems: string[] = [];
  if (raw.jsonrpc !== "2.0") problems.push(`"jsonrpc" must be "2.0", got ${describe(raw.jsonrpc)}`);
  const hasId = "id" in raw;
  const hasMethod = "method" in raw;
  const hasResult = "result" in raw;
  const hasError = "error" in raw;

  if (hasMethod) {
    if (typeof raw.method !== "string") {
      problems.push(`"method" must be a string, got ${jsonTypeOf(raw.method)}`);
      return { type: "invalid", raw, problems };
    }
    if (hasResult || hasError) problems.push(`a request or notification must not carry "result" or "error"`);
    if ("params" in raw && raw.params !== undefined && !isPlainObject(raw.params) && !Array.isArray(raw.params)) {
      problems.push(`"params" must be an object, got ${jsonTypeOf(raw.params)}`);
    }
    if (!hasId) return { type: "notification", method: raw.method, params: raw.params, raw, problems };
    if (!isId(raw.id)) {
      problems.push(`a request id must be a string or a number, got ${describe(raw.id)}`);
      return { type: "invalid", raw, problems };
    }
    return { type: "request", id: raw.id, method: raw.method, params: raw.params, raw, problems };
  }

  if (hasResult || hasError) {
    if (!hasId) problems.push(`a response must carry an "id"`);
    const id = isId(raw.id) ? raw.id : null;
    if (hasId && raw.id !== null && !isId(raw.id)) {
      problems.push(`a response id must be a string, a number or null, got ${jsonTypeOf(raw.id)}`);
    }
    if (hasResult && hasError) {
      problems.push(`a response must carry either "result" or "error", not both`);
      return { type: "invalid", raw, problems };
    }
    if (hasResult) return { type: "result", id, result: raw.result, raw, problems };
    return { type: "error", id, error: raw.error, raw, problems };
  }

  problems.push(`not a request, notification or response: no "method", "result" or "error"`);
  return { type: "invalid", raw, problems };
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return jsonTypeOf(value);
}

/**
 * An OAuth error body (RFC 6749 §5.2, RFC 6750 §3) — `{"error": "invalid_token", …}`, no `jsonrpc`, no `id`, a string
 * `error` — which an HTTP 401 or 403 may carry in place of a JSON-RPC answer: no JSON-RPC message at all.
 */
export function isOAuthErrorBody(raw: unknown): boolean {
  return isPlainObject(raw) && typeof raw.error === "string" && !("jsonrpc" in raw) && !("id" in raw);
}
