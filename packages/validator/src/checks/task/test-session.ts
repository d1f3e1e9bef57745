/**
 * Test support for the CANC, PROG, TASK, ROOT, SAMP and ELIC checks: a clean stdio session (handshake with the
 * capabilities a test needs, initialized notification) built message by message, and the findings and examined
 * counts of the checks a test names. Used only by `*.test.ts` files.
 */
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import { createJudge } from "../../engine/judge.js";
import type { Finding } from "../../engine/types.js";

export const C2S: Direction = "client-to-server";
export const S2C: Direction = "server-to-client";

export class TestSession {
  readonly events: TraceEvent[] = [];

  constructor(client: Record<string, unknown> = {}, server: Record<string, unknown> = { tools: {} }) {
    this.push(C2S, { kind: "lifecycle", event: "transport-open" });
    this.send(C2S, {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: client, clientInfo: { name: "t", version: "1" } },
    });
    this.send(S2C, {
      jsonrpc: "2.0",
      id: 0,
      result: { protocolVersion: "2025-11-25", capabilities: server, serverInfo: { name: "s", version: "1" } },
    });
    this.send(C2S, { jsonrpc: "2.0", method: "notifications/initialized" });
  }

  private push(direction: Direction, body: Record<string, unknown>): this {
    this.events.push({ seq: this.events.length, direction, transport: "stdio", ...body } as TraceEvent);
    return this;
  }

  send(direction: Direction, payload: unknown): this {
    return this.push(direction, { kind: "message", payload });
  }
  request(direction: Direction, id: string | number, method: string, params?: unknown): this {
    return this.send(
      direction,
      params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params },
    );
  }
  result(direction: Direction, id: string | number, result: unknown): this {
    return this.send(direction, { jsonrpc: "2.0", id, result });
  }
  error(direction: Direction, id: string | number, code: number, message = "error"): this {
    return this.send(direction, { jsonrpc: "2.0", id, error: { code, message } });
  }
  notify(direction: Direction, method: string, params?: unknown): this {
    return this.send(direction, params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
  }
  close(): TraceEvent[] {
    this.push(C2S, { kind: "lifecycle", event: "transport-close" });
    return this.events;
  }
}

/** Judges a trace; returns the findings of one check and how many subjects it examined. */
export function judged(check: string, events: readonly TraceEvent[]): { findings: Finding[]; examined: number } {
  const judge = createJudge();
  for (const event of events) judge.observe(event);
  judge.finish();
  return {
    findings: judge.findings().filter((f) => f.check === check),
    examined: judge.checkStats().find((s) => s.check === check)?.examined ?? 0,
  };
}
