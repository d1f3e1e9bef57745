/**
 * The rules that give a call its status, written once: every export, the viewer and the CI gate read the status
 * from here. An answer after the requester's notifications/cancelled is a late result whatever it says.
 */

import type { JsonRpcId, JsonRpcMessage, JsonRpcNotification } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CallStatus } from "./model.js";

/** What a call is about: the tool or prompt it names, or the resource URI it reads or (un)subscribes. */
export function targetOf(method: string, params: unknown): string | undefined {
  if (!isPlainObject(params)) return undefined;
  const field =
    method === "tools/call" || method === "prompts/get"
      ? "name"
      : method === "resources/read" || method === "resources/subscribe" || method === "resources/unsubscribe"
        ? "uri"
        : undefined;
  const value = field === undefined ? undefined : params[field];
  return typeof value === "string" ? value : undefined;
}

/** The request id a notifications/cancelled names, if it is one. */
export function cancelledRequestId(message: JsonRpcNotification): JsonRpcId | undefined {
  if (message.method !== "notifications/cancelled" || !isPlainObject(message.params)) return undefined;
  const id = message.params.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

/** A request the trace never answered. */
export function unansweredStatus(cancelledSeq: number | undefined): CallStatus {
  return cancelledSeq === undefined ? "pending" : "cancelled";
}

/** The status an answer gives its call, and the JSON-RPC error it carried. */
export function answeredStatus(
  method: string,
  answer: JsonRpcMessage,
  cancelledSeq: number | undefined,
): { status: CallStatus; error?: { code?: number; message?: string } } {
  let status: CallStatus = "ok";
  let error: { code?: number; message?: string } | undefined;
  if (answer.type === "error") {
    status = "error";
    error = {};
    if (isPlainObject(answer.error)) {
      if (typeof answer.error.code === "number") error.code = answer.error.code;
      if (typeof answer.error.message === "string") error.message = answer.error.message;
    }
  } else if (method === "tools/call" && answer.type === "result" && isPlainObject(answer.result)) {
    if (answer.result.isError === true) status = "tool-error";
  }
  if (cancelledSeq !== undefined) status = "late-result";
  return error ? { status, error } : { status };
}
