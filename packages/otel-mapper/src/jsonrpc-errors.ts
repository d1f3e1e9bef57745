/**
 * Fixed names for JSON-RPC error codes. A span's error status is described by the code and this name, never by the
 * server's own message, which can echo what it was sent.
 */

const NAMED: ReadonlyMap<number, string> = new Map([
  [-32700, "parse error"],
  [-32600, "invalid request"],
  [-32601, "method not found"],
  [-32602, "invalid params"],
  [-32603, "internal error"],
  [-32002, "resource not found"],
  [-32042, "URL elicitation required"],
]);

/** The fixed name of a JSON-RPC error code. */
export function jsonRpcErrorName(code: number): string {
  const named = NAMED.get(code);
  if (named) return named;
  if (code >= -32099 && code <= -32000) return "server error";
  if (code >= -32768 && code <= -32000) return "reserved error";
  return "application error";
}

/** The span status description for a JSON-RPC error: `JSON-RPC error -32602 (invalid params)`. */
export function describeJsonRpcError(code: number | undefined): string {
  return code === undefined ? "JSON-RPC error (no integer code)" : `JSON-RPC error ${code} (${jsonRpcErrorName(code)})`;
}
