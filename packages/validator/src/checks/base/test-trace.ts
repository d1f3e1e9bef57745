/**
 * Test support for the BASE/LIFE/TRAN/PING/AUTH checks: builds small traces event by event (consecutive seqs)
 * and judges them, returning the findings of the checks a test cares about. Used only by `*.test.ts` files.
 */
import type { TraceEvent, Transport } from "@mcp-conf/trace-format";
import { createJudge } from "../../engine/judge.js";
import type { Finding } from "../../engine/types.js";

type Body = Record<string, unknown>;

export class TestTrace {
  readonly events: TraceEvent[] = [];
  constructor(readonly transport: Transport = "stdio") {}

  private push(direction: TraceEvent["direction"], kind: TraceEvent["kind"], body: Body): this {
    this.events.push({ seq: this.events.length, direction, transport: this.transport, kind, ...body } as TraceEvent);
    return this;
  }
  open(): this {
    return this.push("client-to-server", "lifecycle", { event: "transport-open" });
  }
  close(): this {
    return this.push("client-to-server", "lifecycle", { event: "transport-close" });
  }
  c(payload: unknown): this {
    return this.push("client-to-server", "message", { payload });
  }
  s(payload: unknown): this {
    return this.push("server-to-client", "message", { payload });
  }
  raw(direction: TraceEvent["direction"], text: string, extra: Body = {}): this {
    return this.push(direction, "raw", { text, ...extra });
  }
  req(headers: Record<string, string>, method?: string): this {
    return this.push(
      "client-to-server",
      "http",
      method === undefined ? { headers } : { method, path: "/mcp", headers },
    );
  }
  res(status: number, headers?: Record<string, string>): this {
    return this.push("server-to-client", "http", headers ? { status, headers } : { status });
  }
  /** A clean handshake: initialize (id 0), its result, notifications/initialized. */
  handshake(serverCapabilities: Body = { tools: {} }, http?: { session?: string }): this {
    const init = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const result = {
      jsonrpc: "2.0",
      id: 0,
      result: {
        protocolVersion: "2025-11-25",
        capabilities: serverCapabilities,
        serverInfo: { name: "s", version: "1" },
      },
    };
    if (!http) return this.c(init).s(result).c({ jsonrpc: "2.0", method: "notifications/initialized" });
    const session = http.session;
    this.req(ACCEPT_BOTH, "POST").c(init);
    this.res(200, session ? { "content-type": "text/event-stream", "mcp-session-id": session } : SSE).s(result);
    this.req(later(session), "POST").c({ jsonrpc: "2.0", method: "notifications/initialized" });
    return this.res(202);
  }
}

export const ACCEPT_BOTH = { accept: "application/json, text/event-stream", "content-type": "application/json" };
export const SSE = { "content-type": "text/event-stream" };
export const JSON_BODY = { "content-type": "application/json" };
/** Headers of a well-behaved request after initialization. */
export function later(session?: string): Record<string, string> {
  const headers: Record<string, string> = { ...ACCEPT_BOTH, "mcp-protocol-version": "2025-11-25" };
  if (session) headers["mcp-session-id"] = session;
  return headers;
}

export const request = (id: unknown, method: string, params?: unknown) =>
  params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
export const result = (id: unknown, value: unknown = {}) => ({ jsonrpc: "2.0", id, result: value });
export const error = (id: unknown, code: unknown, message: unknown = "failed") => ({
  jsonrpc: "2.0",
  id,
  error: { code, message },
});

/** The findings of one check over a whole trace. */
export function findingsOf(check: string, events: readonly TraceEvent[]): Finding[] {
  const judge = createJudge();
  for (const event of events) judge.observe(event);
  judge.finish();
  return judge.findings().filter((finding) => finding.check === check);
}

/** How many subjects a check examined over a whole trace. */
export function examinedBy(check: string, events: readonly TraceEvent[]): number {
  const judge = createJudge();
  for (const event of events) judge.observe(event);
  judge.finish();
  return judge.checkStats().find((stats) => stats.check === check)?.examined ?? 0;
}
