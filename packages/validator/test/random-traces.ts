/**
 * Random traces for the property tests (the engine's and the reports'): events of every kind with hostile strings,
 * ids and values, payloads naming the methods the checks subscribe to, and the handshake a session may open with.
 */
import type { TraceEvent, TraceEventInput } from "@mcp-conf/trace-format";
import fc from "fast-check";

/** Methods the checks subscribe to, so random messages reach them (plus some nobody knows). */
const METHODS = [
  "initialize",
  "notifications/initialized",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "resources/subscribe",
  "prompts/list",
  "prompts/get",
  "logging/setLevel",
  "completion/complete",
  "sampling/createMessage",
  "elicitation/create",
  "roots/list",
  "tasks/get",
  "tasks/list",
  "tasks/cancel",
  "tasks/result",
  "notifications/cancelled",
  "notifications/progress",
  "notifications/message",
  "notifications/tasks/status",
  "notifications/tools/list_changed",
  "notifications/elicitation/complete",
  "x/unknown",
];

export const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom("\u202e", "\u0000\u001b[31m", "</script>", "]]>", "__proto__", "constructor", "a".repeat(2000)),
);
const id = fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constantFrom("1", "a", null, 1.5, true));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: "small" },
  fc.jsonValue({ maxDepth: 4 }),
  hostileString,
  fc.dictionary(
    fc.constantFrom(
      "name",
      "uri",
      "tools",
      "content",
      "_meta",
      "progressToken",
      "requestId",
      "task",
      "cursor",
      "level",
      "capabilities",
      "protocolVersion",
      "type",
      "inputSchema",
      "structuredContent",
      "isError",
      "contents",
      "messages",
      "arguments",
      "status",
      "taskId",
    ),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileString),
  ),
);

const payload: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    { jsonrpc: fc.constant("2.0"), id, method: fc.constantFrom(...METHODS), params: value },
    { requiredKeys: ["jsonrpc", "method"] },
  ),
  fc.record({ jsonrpc: fc.constant("2.0"), id, result: value }),
  fc.record({
    jsonrpc: fc.constant("2.0"),
    id,
    error: fc.oneof(fc.record({ code: fc.integer(), message: hostileString, data: value }), value),
  }),
  fc.array(fc.record({ jsonrpc: fc.constant("2.0"), id, method: fc.constantFrom(...METHODS) }), { maxLength: 3 }),
  value,
);

const headers = fc.dictionary(
  fc.constantFrom("content-type", "accept", "mcp-session-id", "mcp-protocol-version", "last-event-id", "origin"),
  hostileString,
);

const direction = fc.constantFrom("client-to-server" as const, "server-to-client" as const);
const transport = fc.constantFrom("stdio" as const, "streamable-http" as const);

export const eventBody: fc.Arbitrary<TraceEventInput> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("message" as const), direction, transport, payload }) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant("http" as const),
        direction,
        transport: fc.constant("streamable-http" as const),
        status: fc.integer({ min: 100, max: 599 }),
        headers,
        method: fc.constantFrom("POST", "GET", "DELETE", "PUT"),
        path: fc.constantFrom("/mcp", "/", "/other"),
      },
      { requiredKeys: ["kind", "direction", "transport"] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("lifecycle" as const),
      direction,
      transport,
      event: fc.constantFrom("transport-open" as const, "transport-close" as const, "transport-abort" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), direction, transport, text: hostileString }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("stderr" as const),
      direction: fc.constant("server-to-client" as const),
      transport,
      text: hostileString,
    }),
  },
);

export const HANDSHAKE: TraceEventInput[] = [
  {
    kind: "message",
    direction: "client-to-server",
    transport: "stdio",
    payload: {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: { sampling: {}, elicitation: {}, roots: {}, tasks: {} },
        clientInfo: { name: "c", version: "1" },
      },
    },
  },
  {
    kind: "message",
    direction: "server-to-client",
    transport: "stdio",
    payload: {
      jsonrpc: "2.0",
      id: 0,
      result: {
        protocolVersion: "2025-11-25",
        capabilities: {
          tools: {},
          resources: { subscribe: true },
          prompts: {},
          logging: {},
          completions: {},
          tasks: {},
        },
        serverInfo: { name: "s", version: "1" },
      },
    },
  },
];

export const withSeq = (bodies: TraceEventInput[]): TraceEvent[] =>
  bodies.map((body, seq) => ({ ...body, seq }) as TraceEvent);
