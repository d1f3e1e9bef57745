/**
 * A session as the recorder writes it (timestamps on, each HTTP message inside its HTTP event) holding the six
 * exchanges the OTLP export's acceptance criteria name, plus a traced prompt. `SECRET` is planted in arguments,
 * results and error messages, so a test can prove it never reaches an exported byte.
 */
import type { Transport } from "@mcp-conf/trace-format";
import { S2C, TraceBuilder } from "./trace-builder.js";

export const SECRET = "sk-live-7f3a9c0d1e2b4a6f8e0c2d4b6a8f0e1c";
export const PRESIGNED_URI = `https://alice:${SECRET}@bucket.example.com/reports/q3.pdf?X-Amz-Signature=${SECRET}#page=2`;
export const CALLER_TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
export const CALLER_TRACESTATE = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";

/** What the recorded sessions' servers declare. */
export const RECORDED_SERVER_CAPABILITIES = { tools: {}, resources: {}, prompts: {} };

/** A builder for a session as the recorder writes it, opened (label `test`) and past its handshake. */
export function recordedSession(
  transport: Transport = "stdio",
  options: { ts?: boolean; sessionId?: string; upstream?: string } = {},
): TraceBuilder {
  const builder = new TraceBuilder({
    transport,
    timestamps: options.ts !== false,
    envelope: true,
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
  });
  return builder
    .open(options.upstream ? { label: "test", upstream: options.upstream } : { label: "test" })
    .handshake({ server: RECORDED_SERVER_CAPABILITIES });
}

/** The names of the acceptance session's spans, one per request, notification and unanswered request, in completion order. */
export const ACCEPTANCE_SPAN_NAMES = [
  "initialize",
  "notifications/initialized",
  "tools/call get_weather",
  "tools/call delete_file",
  "tools/call missing_tool",
  "notifications/progress",
  "resources/read",
  "prompts/get summarise",
  "tools/call slow_tool",
] as const;

/** The acceptance session; returns the builder, its events and the seqs of the exchanges a test points at. */
export function acceptanceSession(transport: Transport = "stdio", options: { ts?: boolean } = {}) {
  const b = recordedSession(transport, {
    ...options,
    sessionId: "5f1c2d3e4a5b6c7d",
    upstream: "http://127.0.0.1:3999/mcp",
  });
  const toolOk = b.request(1, "tools/call", {
    name: "get_weather",
    arguments: { city: "Paris", token: SECRET },
    _meta: { traceparent: CALLER_TRACEPARENT, tracestate: CALLER_TRACESTATE },
  }).last;
  b.result(1, { content: [{ type: "text", text: `sunny ${SECRET}` }], isError: false });
  const toolError = b.request(2, "tools/call", { name: "delete_file", arguments: { path: SECRET } }).last;
  b.result(2, { content: [{ type: "text", text: `denied: ${SECRET}` }], isError: true });
  const rpcError = b.request(3, "tools/call", { name: "missing_tool", arguments: { key: SECRET } }).last;
  const echoed = { echoed: SECRET };
  const rpcErrorAnswer = b.error(3, -32602, `Unknown tool: missing_tool (args ${SECRET})`, S2C, echoed).last;
  const notification = b.notify("notifications/progress", { progressToken: "progress-1", progress: 1 }, S2C).last;
  const read = b.request(4, "resources/read", { uri: PRESIGNED_URI }).last;
  b.result(4, { contents: [{ uri: PRESIGNED_URI, text: SECRET }] });
  const prompt = b.request(5, "prompts/get", { name: "summarise", arguments: { text: SECRET } }).last;
  b.result(5, { messages: [{ role: "user", content: { type: "text", text: SECRET } }] });
  const unanswered = b.request(6, "tools/call", { name: "slow_tool", arguments: { q: SECRET } }).last;
  b.close();
  return {
    builder: b,
    events: b.events,
    seqs: { toolOk, toolError, rpcError, rpcErrorAnswer, notification, read, prompt, unanswered },
  };
}
