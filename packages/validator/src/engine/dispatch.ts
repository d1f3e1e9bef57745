/**
 * Dispatch tables: which checks hear which message, exchange, event kind or correlation issue. Built once per
 * registry and catalogue from the checks' subscriptions (plan.ts) and shared by every judge of it, so an event costs a map look-up plus the handlers that care — a check
 * pays nothing for traffic it did not subscribe to. Each check hears a given item at most once, in check order,
 * however many of its selectors match.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { Subscription } from "./types.js";

/** The handlers a check's `create` returns, by name. */
export type HandlerName = "read" | "message" | "exchange" | "event" | "issue" | "finish";

/**
 * A check (or shared reading) as the dispatch tables know it: its id, dispatch order, subscription and which handlers
 * it has. The same for every judge of a registry (see plan.ts); each judge keeps its own handlers at `position`.
 */
export interface CheckSlot {
  readonly id: string;
  /** Dispatch order: readings (negative) before checks, checks in catalogue order. */
  readonly index: number;
  /** Where a judge keeps this check's handlers and state. */
  readonly position: number;
  readonly subscribe: Subscription;
  readonly handles: ReadonlySet<HandlerName>;
}

type MessageType = "request" | "notification" | "response" | "invalid";

const TYPE_SELECTOR: Record<MessageType, string> = {
  request: "*request",
  notification: "*notification",
  response: "*response",
  invalid: "*invalid",
};

/** Merges several lists of checks into one, in check order, without duplicates. */
function merge(...lists: readonly (readonly CheckSlot[])[]): CheckSlot[] {
  const seen = new Set<CheckSlot>();
  for (const list of lists) for (const check of list) seen.add(check);
  return [...seen].sort((a, b) => a.index - b.index);
}

function push<K>(map: Map<K, CheckSlot[]>, key: K, check: CheckSlot) {
  const list = map.get(key);
  if (list) list.push(check);
  else map.set(key, [check]);
}

export class DispatchTables {
  /** Checks for a message of each type whose method nobody named (and for responses/invalid messages). */
  private readonly messagesByType: Record<MessageType, CheckSlot[]>;
  /** Checks for a request or notification of a method somebody named, by method. */
  private readonly requestsByMethod = new Map<string, CheckSlot[]>();
  private readonly notificationsByMethod = new Map<string, CheckSlot[]>();
  private readonly exchangesForAll: CheckSlot[];
  /** Checks for a request's exchange whatever its method (`*request`, `*`). */
  private readonly exchangesForRequests: CheckSlot[];
  private readonly requestExchangesByMethod = new Map<string, CheckSlot[]>();
  private readonly notificationExchangesByMethod = new Map<string, CheckSlot[]>();
  /** By transport, then event kind. */
  private readonly eventsByTransport = new Map<string, Map<TraceEvent["kind"], CheckSlot[]>>();
  readonly issueListeners: readonly CheckSlot[];
  readonly finishers: readonly CheckSlot[];

  constructor(checks: readonly CheckSlot[]) {
    const byMethod = new Map<string, CheckSlot[]>();
    const bySelector = new Map<string, CheckSlot[]>();
    const exchangeByMethod = new Map<string, CheckSlot[]>();
    const exchangeAll: CheckSlot[] = [];
    const exchangeRequests: CheckSlot[] = [];
    const issues: CheckSlot[] = [];

    for (const check of checks) {
      const { messages = [], exchanges = [], events = [], issues: wantsIssues } = check.subscribe;
      if (check.handles.has("message")) {
        for (const selector of new Set(messages)) {
          if (selector.startsWith("*")) push(bySelector, selector, check);
          else push(byMethod, selector, check);
        }
      }
      if (check.handles.has("exchange")) {
        for (const method of new Set(exchanges)) {
          if (method === "*") exchangeAll.push(check);
          else if (method === "*request") exchangeRequests.push(check);
          else push(exchangeByMethod, method, check);
        }
      }
      if (check.handles.has("event")) {
        for (const kind of new Set(events)) {
          for (const transport of check.subscribe.transports ?? TRANSPORTS) {
            const byKind = this.eventsByTransport.get(transport) ?? new Map<TraceEvent["kind"], CheckSlot[]>();
            this.eventsByTransport.set(transport, byKind);
            push(byKind, kind, check);
          }
        }
      }
      if (check.handles.has("issue") && wantsIssues) issues.push(check);
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
    this.finishers = checks.filter((check) => check.handles.has("finish"));
  }

  forMessage(ref: MessageRef): readonly CheckSlot[] {
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

  forExchange(exchange: Exchange): readonly CheckSlot[] {
    switch (exchange.type) {
      case "request":
        return this.requestExchangesByMethod.get(exchange.method) ?? this.exchangesForRequests;
      case "notification":
        return this.notificationExchangesByMethod.get(exchange.method) ?? this.exchangesForAll;
      default:
        return this.exchangesForAll;
    }
  }

  forEvent(event: TraceEvent): readonly CheckSlot[] {
    return this.eventsByTransport.get(event.transport)?.get(event.kind) ?? NONE;
  }
}

const NONE: readonly CheckSlot[] = [];
const TRANSPORTS: readonly TraceEvent["transport"][] = ["stdio", "streamable-http", "sse"];
