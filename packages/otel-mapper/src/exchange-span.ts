/**
 * What the MCP semantic conventions say about one exchange: its span name, attributes and status. Only names,
 * ids, versions and the resource URI up to its path are read from the messages; no argument, result, prompt
 * variable or error message ever becomes an attribute.
 */

import { type JsonRpcId, type MessageRef, STATELESS_VERSION_META_KEY } from "@mcp-conf/session";
import { isPlainObject, type Transport } from "@mcp-conf/trace-format";
import { describeJsonRpcError } from "./jsonrpc-errors.js";
import { uriUpToPath } from "./resource-uri.js";
import type { Attributes, SpanStatus } from "./span.js";
import { cut, MAX_NAME_LENGTH } from "./text-limits.js";

/** What the span of an exchange needs to know about the session around it. */
export interface SessionContext {
  /** The negotiated (or declared) MCP protocol version, once known. */
  protocolVersion?: string;
  /** The upstream server of an HTTP session: `server.address` / `server.port` on the client's requests. */
  upstream?: { address: string; port: number };
  /** `network.protocol.version` for HTTP sessions. */
  httpVersion: string;
}

/** The methods whose `params.uri` is a resource URI (`mcp.resource.uri`). */
const RESOURCE_URI_METHODS = new Set([
  "resources/read",
  "resources/subscribe",
  "resources/unsubscribe",
  "notifications/resources/updated",
]);

export interface ExchangeShape {
  method: string;
  /** The opening message: the request, or the notification. */
  opening: MessageRef;
  /** The request id; absent for a notification. */
  id?: JsonRpcId;
  params: unknown;
  /** The answer, for a request that got one. */
  response?: MessageRef | null;
}

export interface SpanDescription {
  name: string;
  attributes: Attributes;
  status: SpanStatus;
}

/** Name, attributes and status of the span for one exchange. */
export function describeExchange(shape: ExchangeShape, session: SessionContext): SpanDescription {
  const method = cut(shape.method, MAX_NAME_LENGTH);
  const params = isPlainObject(shape.params) ? shape.params : undefined;
  const attributes: Attributes = { "mcp.method.name": method };
  let name = method;

  if (shape.id !== undefined) attributes["jsonrpc.request.id"] = cut(String(shape.id), MAX_NAME_LENGTH);
  if (shape.opening.session !== undefined) attributes["mcp.session.id"] = cut(shape.opening.session, MAX_NAME_LENGTH);
  // At 2026-07-28 a request names its own version in `_meta` (there is no handshake): its span carries that one.
  const meta = isPlainObject(params?._meta) ? params._meta : undefined;
  const declared = meta?.[STATELESS_VERSION_META_KEY];
  const version = typeof declared === "string" ? declared : session.protocolVersion;
  if (version !== undefined) attributes["mcp.protocol.version"] = cut(version, MAX_NAME_LENGTH);
  const jsonrpc = isPlainObject(shape.opening.message.raw) ? shape.opening.message.raw.jsonrpc : undefined;
  if (typeof jsonrpc === "string" && jsonrpc !== "2.0") {
    attributes["jsonrpc.protocol.version"] = cut(jsonrpc, MAX_NAME_LENGTH);
  }
  addNetwork(attributes, shape.opening, session);

  if (shape.method === "tools/call" && typeof params?.name === "string") {
    const tool = cut(params.name, MAX_NAME_LENGTH);
    name = `${method} ${tool}`;
    attributes["gen_ai.tool.name"] = tool;
    attributes["gen_ai.operation.name"] = "execute_tool";
  } else if (shape.method === "tools/call") {
    attributes["gen_ai.operation.name"] = "execute_tool";
  } else if (shape.method === "prompts/get" && typeof params?.name === "string") {
    const prompt = cut(params.name, MAX_NAME_LENGTH);
    name = `${method} ${prompt}`;
    attributes["gen_ai.prompt.name"] = prompt;
  }
  if (RESOURCE_URI_METHODS.has(shape.method) && typeof params?.uri === "string") {
    attributes["mcp.resource.uri"] = uriUpToPath(params.uri);
  }

  const status = outcomeOf(shape, attributes);
  return { name, attributes, status };
}

function addNetwork(attributes: Attributes, opening: MessageRef, session: SessionContext) {
  const transport: Transport = opening.event.transport;
  if (transport === "stdio") {
    attributes["network.transport"] = "pipe";
    return;
  }
  attributes["network.transport"] = "tcp";
  attributes["network.protocol.name"] = "http";
  attributes["network.protocol.version"] = session.httpVersion;
  if (opening.direction === "client-to-server" && session.upstream) {
    attributes["server.address"] = session.upstream.address;
    attributes["server.port"] = session.upstream.port;
  }
}

/** Sets the error attributes and returns the span status: JSON-RPC error, tool error, unanswered, or unset. */
function outcomeOf(shape: ExchangeShape, attributes: Attributes): SpanStatus {
  if (shape.id === undefined) return { code: "unset" };
  const response = shape.response;
  if (response === null || response === undefined) {
    attributes["error.type"] = "unanswered";
    return { code: "error", message: "unanswered: the session ended before the response" };
  }
  const answer = response.message;
  if (answer.type === "error") {
    const code = isPlainObject(answer.error) ? answer.error.code : undefined;
    const integer = typeof code === "number" && Number.isSafeInteger(code) ? code : undefined;
    attributes["error.type"] = integer === undefined ? "_OTHER" : String(integer);
    if (integer !== undefined) attributes["rpc.response.status_code"] = String(integer);
    return { code: "error", message: describeJsonRpcError(integer) };
  }
  if (answer.type === "result" && shape.method === "tools/call") {
    if (isPlainObject(answer.result) && answer.result.isError === true) {
      attributes["error.type"] = "tool_error";
      return { code: "error", message: "tool error (the result has isError: true)" };
    }
  }
  return { code: "unset" };
}
