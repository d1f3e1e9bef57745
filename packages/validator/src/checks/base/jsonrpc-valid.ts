/**
 * base.jsonrpc-valid — every message follows JSON-RPC 2.0: an object with `"jsonrpc": "2.0"`, a string method for
 * requests and notifications (which carry no result or error), structured params, and either a result or an error.
 * Id defects and responses missing their result have clauses of their own (BASE-003/004/007) and are left to them.
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { jsonType, quote } from "../support/detail.js";
import { isOAuthErrorResponse, sender } from "../support/readers.js";

/** The JSON-RPC 2.0 defects of one message, in a fixed order; empty when it is well-formed. */
export function jsonRpcDefects(raw: unknown): string[] {
  if (!isPlainObject(raw)) return [`a JSON-RPC message must be an object, got ${jsonType(raw)}`];
  const defects: string[] = [];
  if (raw.jsonrpc !== "2.0") {
    defects.push(
      "jsonrpc" in raw ? `"jsonrpc" must be "2.0", got ${quote(raw.jsonrpc)}` : `"jsonrpc": "2.0" is missing`,
    );
  }
  const hasMethod = "method" in raw;
  const hasResult = "result" in raw;
  const hasError = "error" in raw;
  if (hasMethod) {
    if (typeof raw.method !== "string") defects.push(`"method" must be a string, got ${jsonType(raw.method)}`);
    if (hasResult || hasError) defects.push(`a request or notification must not carry "result" or "error"`);
    const params = raw.params;
    if ("params" in raw && !isPlainObject(params) && !Array.isArray(params)) {
      defects.push(`"params" must be structured (an object), got ${jsonType(params)}`);
    }
  } else if (hasResult && hasError) {
    defects.push(`a response must carry either "result" or "error", not both`);
  } else if (!hasResult && !hasError && !("id" in raw)) {
    defects.push(`not a request, notification or response: no "method", "result", "error" or "id"`);
  }
  return defects;
}

export const jsonRpcValid: CheckDefinition = {
  id: "base.jsonrpc-valid",
  description: "Every message is a well-formed JSON-RPC 2.0 request, notification or response.",
  tags: ["invalid-message"],
  subscribe: { messages: ["*"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (isOAuthErrorResponse(ref)) return;
        ctx.examined();
        const defects = jsonRpcDefects(ref.message.raw);
        if (defects.length > 0)
          ctx.report(ref.seq, `${sender(ref)} message is not valid JSON-RPC 2.0: ${defects.join("; ")}`);
      },
    };
  },
};
