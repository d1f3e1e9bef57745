/**
 * Reading the modern era (2026-07-28): the per-request `_meta` fields every client request carries, the error codes
 * the specification defines, and the notifications only a `subscriptions/listen` stream delivers.
 */

import { CLIENT_CAPABILITIES_META_KEY, type MessageRef, STATELESS_VERSION_META_KEY } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import { type JsonObject, metaOf, paramsOf } from "./readers.js";

export { CLIENT_CAPABILITIES_META_KEY, STATELESS_VERSION_META_KEY };
/** The `_meta` key correlating a notification with the `subscriptions/listen` request that opened its stream. */
export const SUBSCRIPTION_ID_META_KEY = "io.modelcontextprotocol/subscriptionId";
/** The `_meta` key a client request asks for log messages with, naming the least severe level it wants. */
export const LOG_LEVEL_META_KEY = "io.modelcontextprotocol/logLevel";
/** The per-request `_meta` fields a request must carry. */
export const REQUIRED_REQUEST_META = [STATELESS_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY] as const;

/** -32020 HeaderMismatch, -32021 MissingRequiredClientCapability, -32022 UnsupportedProtocolVersion. */
export const HEADER_MISMATCH = -32020;
export const MISSING_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Notifications delivered only on a `subscriptions/listen` stream, with the filter field that asks for each. */
export const SUBSCRIBED_NOTIFICATIONS: Readonly<Record<string, string>> = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/prompts/list_changed": "promptsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged",
  "notifications/resources/updated": "resourceSubscriptions",
};

/** A client request's `_meta`, when params and `_meta` are objects. */
export function requestMeta(ref: Pick<MessageRef, "message">): JsonObject | undefined {
  return metaOf(paramsOf(ref));
}

/** The last message `missingRequestMeta` read, and its answer: the seven checks of the rule ask in turn. */
let lastMessage: MessageRef["message"] | undefined;
const NOTHING_MISSING: readonly string[] = [];
let lastMissing = NOTHING_MISSING;

/** The per-request fields a client request lacks (both when it has no `_meta` at all). */
export function missingRequestMeta(ref: Pick<MessageRef, "message">): readonly string[] {
  if (ref.message === lastMessage) return lastMissing;
  const meta = requestMeta(ref);
  lastMissing = NOTHING_MISSING;
  for (const key of REQUIRED_REQUEST_META) {
    if (meta !== undefined && key in meta) continue;
    lastMissing = lastMissing === NOTHING_MISSING ? [key] : [...lastMissing, key];
  }
  lastMessage = ref.message;
  return lastMissing;
}

/** The client capabilities a request declared in its `_meta`, or undefined. */
export function requestCapabilities(ref: MessageRef): JsonObject | undefined {
  const capabilities = requestMeta(ref)?.[CLIENT_CAPABILITIES_META_KEY];
  return isPlainObject(capabilities) ? capabilities : undefined;
}

/** The `error` object of an error response, when it is an object. */
export function errorOf(ref: MessageRef | null): JsonObject | undefined {
  if (ref?.message.type !== "error" || !isPlainObject(ref.message.error)) return undefined;
  return ref.message.error;
}
