/**
 * Dispatch tables: which running checks hear which message, exchange, event kind or correlation issue. Built once
 * per judge from the checks' subscriptions, so an event costs a map look-up plus the handlers that care — a check
 * pays nothing for traffic it did not subscribe to. Each check hears a given item at most once, in check order,
 * however many of its selectors match.
 */

import type { CorrelationIssue, Exchange, MessageRef } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckHandlers, Subscription } from "./types.js";

/**
 * A check as it runs: its id, subscription and the handlers its `create` returned, bound once so that dispatch is
 * a plain call.
 */
export interface RunningCheck {
  readonly id: string;
  readonly index: number;
  readonly subscribe: Subscription;
  readonly onRead?: (item: unknown) => void;
  readonly onMessage?: (ref: MessageRef) => void;
  readonly onExchange?: (exchange: Exchange) => void;
  readonly onEvent?: (event: TraceEvent) => void;
  readonly onIssue?: (issue: CorrelationIssue) => void;
  readonly onFinish?: () => void;
}

/** Binds a check's handlers for dispatch. */
export function runningCheck(
  id: string,
  index: number,
  subscribe: Subscription,
  handlers: CheckHandlers,
): RunningCheck {
  const bind = <F extends (...args: never[]) => void>(f: F | undefined) => (f ? (f.bind(handlers) as F) : undefined);
  return {
    id,
    index,
    subscribe,
    onRead: bind(handlers.read),
    onMessage: bind(handlers.message),
    onExchange: bind(handlers.exchange),
    onEvent: bind(handlers.event),
    onIssue: bind(handlers.issue),
    onFinish: bind(handlers.finish),
  };
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
  /** Checks for a request or notification of a method somebody named, by method. */
  private readonly requestsByMethod = new Map<string, RunningCheck[]>();
  private readonly notificationsByMethod = new Map<string, RunningCheck[]>();
  private readonly exchangesForAll: RunningCheck[];
  /** Checks for a request's exchange whatever its method (`*request`, `*`). */
  private readonly exchangesForRequests: RunningCheck[];
  private readonly requestExchangesByMethod = new Map<string, RunningCheck[]>();
  private readonly notificationExchangesByMethod = new Map<string, RunningCheck[]>();
  /** By transport, then event kind. */
  private readonly eventsByTransport = new Map<string, Map<TraceEvent["kind"], RunningCheck[]>>();
  readonly issueListeners: readonly RunningCheck[];
  readonly finishers: readonly RunningCheck[];

  constructor(checks: readonly RunningCheck[]) {
    const byMethod = new Map<string, RunningCheck[]>();
    const bySelector = new Map<string, RunningCheck[]>();
    const exchangeByMethod = new Map<string, RunningCheck[]>();
    const exchangeAll: RunningCheck[] = [];
    const exchangeRequests: RunningCheck[] = [];
    const issues: RunningCheck[] = [];

    for (const check of checks) {
      const { messages = [], exchanges = [], events = [], issues: wantsIssues } = check.subscribe;
      if (check.onMessage) {
        for (const selector of new Set(messages)) {
          if (selector.startsWith("*")) push(bySelector, selector, check);
          else push(byMethod, selector, check);
        }
      }
      if (check.onExchange) {
        for (const method of new Set(exchanges)) {
          if (method === "*") exchangeAll.push(check);
          else if (method === "*request") exchangeRequests.push(check);
          else push(exchangeByMethod, method, check);
        }
      }
      if (check.onEvent) {
        for (const kind of new Set(events)) {
          for (const transport of check.subscribe.transports ?? TRANSPORTS) {
            const byKind = this.eventsByTransport.get(transport) ?? new Map<TraceEvent["kind"], RunningCheck[]>();
            this.eventsByTransport.set(transport, byKind);
            push(byKind, kind, check);
          }
        }
      }
      if (check.onIssue && wantsIssues) issues.push(check);
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
      this.requestsByMethod.set(method, merge(named, this.messagesByType.request));
      this.notificationsByMethod.set(method, merge(named, this.messagesByType.notification));
    }
    this.exchangesForAll = exchangeAll;
    this.exchangesForRequests = merge(exchangeRequests, exchangeAll);
    for (const [method, named] of exchangeByMethod) {
      this.requestExchangesByMethod.set(method, merge(named, this.exchangesForRequests));
      this.notificationExchangesByMethod.set(method, merge(named, exchangeAll));
    }
    this.issueListeners = issues;
    this.finishers = checks.filter((check) => check.onFinish);
  }

  forMessage(ref: MessageRef): readonly RunningCheck[] {
    const message = ref.message;
    switch (message.type) {
      case "request":
        return this.requestsByMethod.get(message.method) ?? this.messagesByType.request;
      case "notification":
        return this.notificationsByMethod.get(message.method) ?? this.messagesByType.notification;
      case "result":
      case "error":
        return this.messagesByType.response;
      default:
        return this.messagesByType.invalid;
    }
  }

  forExchange(exchange: Exchange): readonly RunningCheck[] {
    switch (exchange.type) {
      case "request":
        return this.requestExchangesByMethod.get(exchange.method) ?? this.exchangesForRequests;
      case "notification":
        return this.notificationExchangesByMethod.get(exchange.method) ?? this.exchangesForAll;
      default:
        return this.exchangesForAll;
    }
  }

  forEvent(event: TraceEvent): readonly RunningCheck[] {
    return this.eventsByTransport.get(event.transport)?.get(event.kind) ?? NONE;
  }
}

const NONE: readonly RunningCheck[] = [];
const TRANSPORTS: readonly TraceEvent["transport"][] = ["stdio", "streamable-http", "sse"];
