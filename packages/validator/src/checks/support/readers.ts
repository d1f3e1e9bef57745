/**
 * Reading untrusted JSON-RPC messages: the params, result, error code and `_meta` of a message as objects when
 * they are objects, and the direction words findings use. Every reader takes what the wire gave and never throws.
 */

import type { JsonRpcId, MessageRef } from "@mcp-conf/session";
import { isOAuthErrorBody, senderOf } from "@mcp-conf/session";
import { type Direction, isPlainObject } from "@mcp-conf/trace-format";

export type JsonObject = Record<string, unknown>;

/** `params` of a request or notification, when it is an object. */
export function paramsOf(ref: Pick<MessageRef, "message">): JsonObject | undefined {
  const m = ref.message;
  if (m.type !== "request" && m.type !== "notification") return undefined;
  return isPlainObject(m.params) ? m.params : undefined;
}

/** `result` of a successful response, when it is an object. */
export function resultOf(ref: MessageRef | null): JsonObject | undefined {
  if (ref?.message.type !== "result") return undefined;
  return isPlainObject(ref.message.result) ? ref.message.result : undefined;
}

/** `error.code` of an error response, when it is a number. */
export function errorCodeOf(ref: MessageRef | null): number | undefined {
  if (ref?.message.type !== "error" || !isPlainObject(ref.message.error)) return undefined;
  const code = ref.message.error.code;
  return typeof code === "number" ? code : undefined;
}

/** The `_meta` object of params or a result, when present. */
export function metaOf(container: JsonObject | undefined): JsonObject | undefined {
  if (!container || !isPlainObject(container._meta)) return undefined;
  return container._meta;
}

/** What a missing or non-array field reads as: shared, never added to. */
const NO_ITEMS: readonly unknown[] = [];

/** An array field of an object, or an empty list when absent or not an array. */
export function arrayField(value: JsonObject | undefined, key: string): readonly unknown[] {
  const field = value?.[key];
  return Array.isArray(field) ? field : NO_ITEMS;
}

export function opposite(direction: Direction): Direction {
  return direction === "client-to-server" ? "server-to-client" : "client-to-server";
}

/** The side (`server` or `client`) that receives a message sent in this direction. */
export function receiverSide(direction: Direction): "server" | "client" {
  return direction === "client-to-server" ? "server" : "client";
}

/** Who sent a message, for details: "client" or "server". */
export function sender(ref: Pick<MessageRef, "direction">): "client" | "server" {
  return senderOf(ref.direction);
}

/** The `requestId` of a cancellation notification, when it is a valid id. */
export function cancelledId(ref: MessageRef): JsonRpcId | undefined {
  const id = paramsOf(ref)?.requestId;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/** An OAuth error body (`isOAuthErrorBody`) in an HTTP response to the client: the JSON-RPC clauses do not judge it. */
export function isOAuthErrorResponse(ref: MessageRef): boolean {
  return (
    ref.event.transport === "streamable-http" &&
    ref.direction === "server-to-client" &&
    isOAuthErrorBody(ref.message.raw)
  );
}
