/**
 * Dispatch tables: which running checks hear which message, exchange, event kind or correlation issue. Built once
 * per judge from the checks' subscriptions, so an event costs a map look-up plus the handlers that care — a check
 * pays nothing for traffic it did not subscribe to. Each check hears a given item at most once, in check order,
 * however many of its selectors match.
 */
import type { CorrelationIssue, Exchange, MessageRef, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckHandlers, Subscription } from "./types.js";

/** A check as it runs: its id, subscription and the handlers its `create` returned. */
export interface RunningCheck {
  readonly id: string;
  readonly index: number;
  readonly subscribe: Subscription;
  readonly handlers: CheckHandlers;
}

type MessageType = "request" | "notification" | "response" | "invalid";

const TYPE_SELECTOR: Record<MessageType, string> = {
  request: "*request",
  notification: "*notification",
  response: "*response",
  invalid: "*invalid",
};

/** Merges several lists of checks into one, in check order, without duplicates. */
function merge(...lists: readonly (readonly RunningCheck[])[]): RunningCheck[] {
  const seen = new Set<RunningCheck>();
  for (const list of lists) for (const check of list) seen.add(check);
  return [...seen].sort((a, b) => a.index - b.index);
}

function push<K>(map: Map<K, RunningCheck[]>, key: K, check: RunningCheck) {
  const list = map.get(key);
  if (list) list.push(check);
  else map.set(key, [check]);
}

export class DispatchTables {
  /** Checks for a message of each type whose method nobody named (and for responses/invalid messages). */
  private readonly messagesByType: Record<MessageType, RunningCheck[]>;
  /** Checks for a request or notification of a method somebody named: `request\0method` → checks. */
  private readonly messagesByMethod = new Map<string, RunningCheck[]>();
  private readonly exchangesForAll: RunningCheck[];
  private readonly exchangesByMethod = new Map<string, RunningCheck[]>();
  private readonly eventsByKind = new Map<TraceEvent["kind"], RunningCheck[]>();
  readonly issueListeners: readonly RunningCheck[];
  readonly finishers: readonly RunningCheck[];

  constructor(checks: readonly RunningCheck[]) {
    const byMethod = new Map<string, RunningCheck[]>();
    const bySelector = new Map<string, RunningCheck[]>();
    const exchangeByMethod = new Map<string, RunningCheck[]>();
    const exchangeAll: RunningCheck[] = [];
    const issues: RunningCheck[] = [];

    for (const check of checks) {
      const { messages = [], exchanges = [], events = [], issues: wantsIssues } = check.subscribe;
      if (check.handlers.message) {
        for (const selector of new Set(messages)) {
          if (selector.startsWith("*")) push(bySelector, selector, check);
          else push(byMethod, selector, check);
        }
      }
      if (check.handlers.exchange) {
        for (const method of new Set(exchanges)) {
          if (method === "*") exchangeAll.push(check);
          else push(exchangeByMethod, method, check);
        }
      }
      if (check.handlers.event) for (const kind of new Set(events)) push(this.eventsByKind, kind, check);
      if (check.handlers.issue && wantsIssues) issues.push(check);
    }

    const all = bySelector.get("*") ?? [];
    const forType = (type: MessageType) => merge(bySelector.get(TYPE_SELECTOR[type]) ?? [], all);
    this.messagesByType = {
      request: forType("request"),
      notification: forType("notification"),
      response: forType("response"),
      invalid: forType("invalid"),
    };
    for (const [method, named] of byMethod) {
      this.messagesByMethod.set(`request\0${method}`, merge(named, this.messagesByType.request));
      this.messagesByMethod.set(`notification\0${method}`, merge(named, this.messagesByType.notification));
    }
    this.exchangesForAll = exchangeAll;
    for (const [method, named] of exchangeByMethod) {
      this.exchangesByMethod.set(method, merge(named, exchangeAll));
    }
    this.issueListeners = issues;
    this.finishers = checks.filter((check) => check.handlers.finish);
  }

  forMessage(ref: MessageRef): readonly RunningCheck[] {
    const message = ref.message;
    switch (message.type) {
      case "request":
      case "notification":
        return this.messagesByMethod.get(`${message.type}\0${message.method}`) ?? this.messagesByType[message.type];
      case "result":
      case "error":
        return this.messagesByType.response;
      default:
        return this.messagesByType.invalid;
    }
  }

  forExchange(exchange: Exchange): readonly RunningCheck[] {
    if (exchange.type === "request" || exchange.type === "notification") {
      return this.exchangesByMethod.get(exchange.method) ?? this.exchangesForAll;
    }
    return this.exchangesForAll;
  }

  forEvent(event: TraceEvent): readonly RunningCheck[] {
    return this.eventsByKind.get(event.kind) ?? NONE;
  }

  forIssue(_issue: CorrelationIssue): readonly RunningCheck[] {
    return this.issueListeners;
  }
}

const NONE: readonly RunningCheck[] = [];
