/**
 * Hand-made events, a tiny registry and tiny checks for the engine tests: small enough to read at a glance, so a
 * test can say exactly which check should hear which event.
 */
import type { Direction, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition, Registry, Requirement, Subscription } from "../src/engine/types.js";

export const REVISION = "2025-11-25";

/** Builds events with increasing seq numbers. */
export class TraceBuilder {
  readonly events: TraceEvent[] = [];
  private seq = 0;

  private push(event: Record<string, unknown> & { kind: TraceEvent["kind"] }): this {
    this.events.push({ transport: "stdio", ...event, seq: this.seq++ } as TraceEvent);
    return this;
  }

  open(): this {
    return this.push({ kind: "lifecycle", event: "transport-open", direction: "client-to-server" });
  }

  close(): this {
    return this.push({ kind: "lifecycle", event: "transport-close", direction: "client-to-server" });
  }

  message(direction: Direction, payload: unknown): this {
    return this.push({ kind: "message", direction, payload });
  }

  request(id: number | string, method: string, params: Record<string, unknown> = {}): this {
    return this.message("client-to-server", { jsonrpc: "2.0", id, method, params });
  }

  serverRequest(id: number | string, method: string, params: Record<string, unknown> = {}): this {
    return this.message("server-to-client", { jsonrpc: "2.0", id, method, params });
  }

  notify(method: string, params: Record<string, unknown> = {}, direction: Direction = "client-to-server"): this {
    return this.message(direction, { jsonrpc: "2.0", method, params });
  }

  result(id: number | string, result: unknown, direction: Direction = "server-to-client"): this {
    return this.message(direction, { jsonrpc: "2.0", id, result });
  }

  stderr(text: string): this {
    return this.push({ kind: "stderr", direction: "server-to-client", text });
  }

  /** transport-open, initialize (id 0), its result, notifications/initialized. */
  handshake(version = REVISION, serverCapabilities: Record<string, unknown> = { tools: {} }): this {
    return this.open()
      .request(0, "initialize", {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: "test-client", version: "1.0.0" },
      })
      .result(0, {
        protocolVersion: version,
        capabilities: serverCapabilities,
        serverInfo: { name: "test-server", version: "1.0.0" },
      })
      .notify("notifications/initialized");
  }
}

/** What a recording check heard, by handler. */
export interface Heard {
  messages: number[];
  exchanges: string[];
  events: string[];
  issues: string[];
  finished: number;
}

/** A check that records what it hears, examines every message and reports per `reportWhen`. */
export function recordingCheck(
  id: string,
  subscribe: Subscription,
  heard: Heard,
  reportWhen: (seq: number) => string | undefined = () => undefined,
): CheckDefinition {
  return {
    id,
    description: `records what ${id} hears`,
    subscribe,
    create(ctx) {
      return {
        message(ref) {
          heard.messages.push(ref.seq);
          ctx.examined();
          const detail = reportWhen(ref.seq);
          if (detail !== undefined) ctx.report(ref.seq, detail);
        },
        exchange(x) {
          heard.exchanges.push(x.type === "request" || x.type === "notification" ? `${x.type}:${x.method}` : x.type);
        },
        event(event) {
          heard.events.push(`${event.kind}@${event.seq}`);
        },
        issue(issue) {
          heard.issues.push(issue.kind);
        },
        finish() {
          heard.finished++;
        },
      };
    },
  };
}

export function emptyHeard(): Heard {
  return { messages: [], exchanges: [], events: [], issues: [], finished: 0 };
}

export function requirement(id: string, fields: Partial<Requirement>): Requirement {
  return {
    id,
    level: "MUST",
    actor: "server",
    source: {
      page: "basic",
      anchor: "messages",
      url: `https://modelcontextprotocol.io/specification/${REVISION}/basic#messages`,
      quote: "a quote",
    },
    ...fields,
  };
}

export function registry(requirements: Requirement[], revision = REVISION): Registry {
  return { revision, requirements };
}
