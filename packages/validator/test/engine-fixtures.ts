/**
 * A tiny registry and tiny checks for the engine tests: small enough to read at a glance, so a
 * test can say exactly which check should hear which event.
 */
import type { CheckDefinition, Registry, Requirement, Subscription } from "../src/engine/types.js";

export const REVISION = "2025-11-25";

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
