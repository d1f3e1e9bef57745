/**
 * Test fixture for the server-feature checks' unit tests: builds a small stdio session (handshake included) event
 * by event and judges it, so a test states only the exchanges it is about. Not part of the package's API.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "../../engine/judge.js";
import type { Report } from "../../engine/types.js";

export class SessionFixture {
  readonly events: TraceEvent[] = [];
  private nextId = 1;

  constructor(serverCapabilities: Record<string, unknown>) {
    this.push("client-to-server", "lifecycle", { event: "transport-open" });
    this.client({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "test-host", version: "1.0.0" } },
    });
    this.server({
      jsonrpc: "2.0",
      id: 0,
      result: {
        protocolVersion: "2025-11-25",
        capabilities: serverCapabilities,
        serverInfo: { name: "test", version: "1.0.0" },
      },
    });
    this.client({ jsonrpc: "2.0", method: "notifications/initialized" });
  }

  private push(direction: TraceEvent["direction"], kind: "message" | "lifecycle", body: Record<string, unknown>) {
    this.events.push({ seq: this.events.length, direction, transport: "stdio", kind, ...body } as TraceEvent);
    return this.events.length - 1;
  }

  client(payload: unknown): number {
    return this.push("client-to-server", "message", { payload });
  }

  server(payload: unknown): number {
    return this.push("server-to-client", "message", { payload });
  }

  notify(method: string, params?: unknown): number {
    return this.server(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
  }

  /** Sends a request; returns its id, so a test can answer it (or not). */
  ask(method: string, params?: unknown): number {
    const id = this.nextId++;
    this.client(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    return id;
  }

  /** A request answered with a result; returns the seq of the result. */
  result(method: string, params: unknown, result: unknown): number {
    const id = this.ask(method, params);
    return this.server({ jsonrpc: "2.0", id, result });
  }

  /** A request answered with an error; returns the seq of the error. */
  error(method: string, params: unknown, code: number, message = "error"): number {
    const id = this.ask(method, params);
    return this.server({ jsonrpc: "2.0", id, error: { code, message } });
  }

  judge(): Report {
    this.push("client-to-server", "lifecycle", { event: "transport-close" });
    return validate(this.events);
  }
}

/** The findings of one check in a report, as `seq: detail` lines. */
export function findingsOf(report: Report, check: string): string[] {
  const lines = new Set<string>();
  for (const row of report.requirements) {
    for (const finding of row.findings ?? []) {
      if (finding.check === check) lines.add(`${finding.seq}: ${finding.detail}`);
    }
  }
  return [...lines];
}

/** The outcome of one requirement. */
export function outcomeOf(report: Report, id: string): string | undefined {
  return report.requirements.find((row) => row.id === id)?.outcome;
}
