/**
 * Trace events for the tests, written the way the recorder writes them: a stdio or streamable-HTTP session with a
 * clean handshake, then whatever exchanges a test needs. `SECRET` is planted in arguments, results and error
 * messages, so a test can prove it never reaches an exported byte.
 */
import type { Direction, TraceEvent, Transport } from "@mcp-conf/trace-format";

export const SECRET = "sk-live-7f3a9c0d1e2b4a6f8e0c2d4b6a8f0e1c";
export const PRESIGNED_URI = `https://alice:${SECRET}@bucket.example.com/reports/q3.pdf?X-Amz-Signature=${SECRET}#page=2`;
export const CALLER_TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
export const CALLER_TRACESTATE = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";

const C2S: Direction = "client-to-server";
const S2C: Direction = "server-to-client";

/** Builds a session event by event; `ts` advances 1 ms per event from a fixed start. */
export class SessionBuilder {
  readonly events: TraceEvent[] = [];
  private seq = 0;
  private clockMs = Date.UTC(2026, 10, 30, 6, 0, 0);

  constructor(
    readonly transport: Transport = "stdio",
    private readonly options: { ts?: boolean; sessionId?: string; upstream?: string } = {},
  ) {}

  private base(direction: Direction) {
    const event = { seq: this.seq++, direction, transport: this.transport } as {
      seq: number;
      direction: Direction;
      transport: Transport;
      ts?: string;
    };
    if (this.options.ts !== false) event.ts = new Date(this.clockMs++).toISOString();
    return event;
  }

  open(): this {
    const meta: Record<string, unknown> = { label: "test" };
    if (this.options.upstream) meta.upstream = this.options.upstream;
    this.events.push({ ...this.base(C2S), kind: "lifecycle", event: "transport-open", meta });
    return this;
  }

  close(): this {
    this.events.push({ ...this.base(C2S), kind: "lifecycle", event: "transport-close" });
    return this;
  }

  /** A message, preceded by its HTTP event on streamable HTTP. */
  message(direction: Direction, payload: unknown): number {
    if (this.transport === "streamable-http") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (this.options.sessionId) headers["mcp-session-id"] = this.options.sessionId;
      if (direction === C2S) {
        this.events.push({ ...this.base(C2S), kind: "http", method: "POST", path: "/mcp", headers });
      } else {
        this.events.push({ ...this.base(S2C), kind: "http", status: 200, headers });
      }
    }
    const event = { ...this.base(direction), kind: "message" as const, payload };
    this.events.push(event);
    return event.seq;
  }

  request(id: number | string, method: string, params?: unknown, direction: Direction = C2S): number {
    const payload: Record<string, unknown> = { jsonrpc: "2.0", id, method };
    if (params !== undefined) payload.params = params;
    return this.message(direction, payload);
  }

  result(id: number | string, result: unknown, direction: Direction = S2C): number {
    return this.message(direction, { jsonrpc: "2.0", id, result });
  }

  error(id: number | string, code: number, message: string, direction: Direction = S2C): number {
    return this.message(direction, { jsonrpc: "2.0", id, error: { code, message, data: { echoed: SECRET } } });
  }

  notify(method: string, params?: unknown, direction: Direction = C2S): number {
    const payload: Record<string, unknown> = { jsonrpc: "2.0", method };
    if (params !== undefined) payload.params = params;
    return this.message(direction, payload);
  }

  handshake(): this {
    this.request(0, "initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "test-client", version: "1.0.0" },
    });
    this.result(0, {
      protocolVersion: "2025-11-25",
      capabilities: { tools: {}, resources: {}, prompts: {} },
      serverInfo: { name: "test-server", version: "1.0.0" },
    });
    this.notify("notifications/initialized");
    return this;
  }
}

/** The six exchanges the acceptance criteria name, plus a traced prompt; returns the builder and key seqs. */
export function acceptanceSession(transport: Transport = "stdio", options: { ts?: boolean } = {}) {
  const b = new SessionBuilder(transport, {
    ...options,
    sessionId: "5f1c2d3e4a5b6c7d",
    upstream: "http://127.0.0.1:3999/mcp",
  });
  b.open().handshake();
  const toolOk = b.request(1, "tools/call", {
    name: "get_weather",
    arguments: { city: "Paris", token: SECRET },
    _meta: { traceparent: CALLER_TRACEPARENT, tracestate: CALLER_TRACESTATE },
  });
  b.result(1, { content: [{ type: "text", text: `sunny ${SECRET}` }], isError: false });
  const toolError = b.request(2, "tools/call", { name: "delete_file", arguments: { path: SECRET } });
  b.result(2, { content: [{ type: "text", text: `denied: ${SECRET}` }], isError: true });
  const rpcError = b.request(3, "tools/call", { name: "missing_tool", arguments: { key: SECRET } });
  const rpcErrorAnswer = b.error(3, -32602, `Unknown tool: missing_tool (args ${SECRET})`);
  const notification = b.notify("notifications/progress", { progressToken: "progress-1", progress: 1 }, S2C);
  const read = b.request(4, "resources/read", { uri: PRESIGNED_URI });
  b.result(4, { contents: [{ uri: PRESIGNED_URI, text: SECRET }] });
  const prompt = b.request(5, "prompts/get", { name: "summarise", arguments: { text: SECRET } });
  b.result(5, { messages: [{ role: "user", content: { type: "text", text: SECRET } }] });
  const unanswered = b.request(6, "tools/call", { name: "slow_tool", arguments: { q: SECRET } });
  b.close();
  return {
    builder: b,
    events: b.events,
    seqs: { toolOk, toolError, rpcError, rpcErrorAnswer, notification, read, prompt, unanswered },
  };
}
