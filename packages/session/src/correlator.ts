/**
 * The exchange model: pairs each response with the request it answers and emits exchanges in seq order. Ids live
 * in one space per direction (and per HTTP session); a response pairs with the earliest open request of its id.
 * Anything odd — a duplicate id, a response to nothing, a batch, a null id — is reported as a `CorrelationIssue`,
 * never thrown. Answers may come in any order (JSON-RPC sets none; a cancelled request's late answer comes after
 * later ones): an answer overtaking an earlier request's is no issue. A message the recorder cut at its size limit is not judged, but its id
 * still counts: its answer pairs with it silently, and nothing is called unanswered or orphaned because the part
 * that would show otherwise was cut.
 */

import {
  type Direction,
  type MessageEvent,
  type RawEvent,
  readMessageHead,
  type TraceEvent,
} from "@mcp-conf/trace-format";
import { classifyMessage, type JsonRpcId, type JsonRpcMessage, type JsonRpcRequest } from "./jsonrpc.js";

/** One JSON-RPC message as observed: a whole payload, or one element of a batch. */
export interface MessageRef<M extends JsonRpcMessage = JsonRpcMessage> {
  seq: number;
  ts?: string;
  direction: Direction;
  message: M;
  event: MessageEvent;
  /** Position within a batch payload; absent for a single message. */
  batchIndex?: number;
  /** The HTTP session (`mcp-session-id`) the message travelled in, if any. */
  session?: string;
}

export type RequestRef = MessageRef<JsonRpcRequest & { raw: unknown; problems: string[] }>;

export type Exchange =
  /** A request and its answer; `response` is null when the trace ended first. */
  | { type: "request"; method: string; request: RequestRef; response: MessageRef | null }
  | { type: "notification"; method: string; message: MessageRef }
  /** A result or error that answers no open request. */
  | { type: "orphan-response"; response: MessageRef }
  | { type: "invalid"; message: MessageRef };

export type CorrelationIssueKind = "duplicate-id" | "unknown-id" | "batch" | "null-id";

export interface CorrelationIssue {
  kind: CorrelationIssueKind;
  seq: number;
  direction: Direction;
  id?: JsonRpcId | null;
  detail: string;
}

export interface Observation {
  /** The JSON-RPC messages the event carried (none for a non-message event). */
  readonly messages: readonly MessageRef[];
  /** Exchanges this event completed, in order. */
  readonly exchanges: readonly Exchange[];
  readonly issues: readonly CorrelationIssue[];
}

/**
 * An observation as the correlator builds it. Lists start as one shared empty list and are created at their first
 * item, at its size: a judge observes every event, and most events carry one message and complete one exchange.
 */
interface Building {
  messages: MessageRef[];
  exchanges: Exchange[];
  issues: CorrelationIssue[];
}

/** Not frozen: a frozen array beside plain ones would take every `for…of` over an observation off its fast path. */
const NONE: never[] = [];

function add<K extends keyof Building>(out: Building, list: K, item: Building[K][number]): void {
  if (out[list] === NONE) out[list] = [item] as Building[K];
  else (out[list] as Building[K][number][]).push(item);
}

/** The id space of a sender in an HTTP session (none on stdio): `direction NUL session`. */
function spaceKey(direction: Direction, session: string | undefined): string {
  return session === undefined ? SESSIONLESS[direction] : `${direction}\u0000${session}`;
}

/** The key of each sender's space outside any HTTP session, written once instead of for every message. */
const SESSIONLESS: Record<Direction, string> = {
  "client-to-server": "client-to-server\u0000",
  "server-to-client": "server-to-client\u0000",
};

const opposite = (d: Direction): Direction => (d === "client-to-server" ? "server-to-client" : "client-to-server");

/** JSON equality for ids: 1 and "1" are different ids. */
export function idKey(id: JsonRpcId): string {
  return typeof id === "string" ? `s${id}` : `n${id}`;
}

interface IdSpace {
  /** Open requests by id key, oldest first. */
  open: Map<string, RequestRef[]>;
  used: Set<string>;
  /** Requests cut at the size limit, by id key: their answers pair with nothing that can be judged. */
  cut: Map<string, number>;
}

export class Correlator {
  private readonly spaces = new Map<string, IdSpace>();
  /** Open requests in seq order, to list the unanswered at the end. */
  private readonly openOrder = new Set<RequestRef>();
  private readonly lastHttpSession: Record<Direction, string | undefined> = {
    "client-to-server": undefined,
    "server-to-client": undefined,
  };
  /** Cut messages whose id was cut too, by sender: each may have been a request that a later answer names. */
  private readonly unreadableCuts: Record<Direction, number> = { "client-to-server": 0, "server-to-client": 0 };

  /** Feeds one event, in seq order. */
  observe(event: TraceEvent): Observation {
    const out: Building = { messages: NONE, exchanges: NONE, issues: NONE };
    if (event.kind === "http") {
      this.lastHttpSession[event.direction] = event.headers?.["mcp-session-id"];
      return out;
    }
    const session = event.transport === "streamable-http" ? this.lastHttpSession[event.direction] : undefined;
    if (event.kind === "raw" && event.truncated === true) this.takeCut(event, session);
    if (event.kind !== "message") return out;
    if (Array.isArray(event.payload)) {
      add(out, "issues", {
        kind: "batch",
        seq: event.seq,
        direction: event.direction,
        detail: `a JSON-RPC batch of ${event.payload.length} message(s)`,
      });
      for (const [batchIndex, element] of event.payload.entries()) {
        this.take(event, classifyMessage(element), session, out, batchIndex);
      }
    } else {
      this.take(event, classifyMessage(event.payload), session, out);
    }
    return out;
  }

  /** Ends the trace: every request still open becomes an unanswered exchange, in seq order. */
  finish(): Exchange[] {
    const unanswered: Exchange[] = [];
    for (const request of this.openOrder) {
      unanswered.push({ type: "request", method: request.message.method, request, response: null });
    }
    this.openOrder.clear();
    this.spaces.clear();
    return unanswered;
  }

  /** Requests still waiting for their answer, oldest first. */
  openRequests(): RequestRef[] {
    return [...this.openOrder];
  }

  /**
   * Closes an open request that the transport ended without a JSON-RPC answer (an HTTP POST refused with an error
   * status): no answer pairs with it any more — a retry under the same id gets its own — and `finish()` does not list
   * it. Its id stays used.
   */
  settle(request: RequestRef): void {
    if (!this.openOrder.delete(request)) return;
    for (const space of this.spaces.values()) {
      const queue = space.open.get(idKey(request.message.id));
      const at = queue?.indexOf(request) ?? -1;
      if (at < 0) continue;
      queue!.splice(at, 1);
      if (queue!.length === 0) space.open.delete(idKey(request.message.id));
      return;
    }
  }

  private take(
    event: MessageEvent,
    message: JsonRpcMessage,
    session: string | undefined,
    out: Building,
    batchIndex?: number,
  ) {
    const ref: MessageRef = { seq: event.seq, direction: event.direction, message, event };
    if (event.ts !== undefined) ref.ts = event.ts;
    if (batchIndex !== undefined) ref.batchIndex = batchIndex;
    if (session !== undefined) ref.session = session;
    add(out, "messages", ref);

    switch (message.type) {
      case "request":
        this.openRequest(ref as RequestRef, out);
        return;
      case "notification":
        add(out, "exchanges", { type: "notification", method: message.method, message: ref });
        return;
      case "result":
      case "error":
        this.answer(ref, message.id, out);
        return;
      case "invalid":
        if (isPlainObjectWithNullId(message.raw)) add(out, "issues", nullIdIssue(ref, "a message with a null id"));
        add(out, "exchanges", { type: "invalid", message: ref });
        return;
    }
  }

  /** A message cut at the size limit: what its head shows opens or answers a request, unjudged. */
  private takeCut(event: RawEvent, session: string | undefined): void {
    const head = event.id !== undefined || event.method !== undefined ? event : readMessageHead(event.text);
    if (head.id === undefined) {
      this.unreadableCuts[event.direction]++;
      // It may have been an answer: the other side's open requests may have been answered.
      if (head.method === undefined) {
        for (const request of this.openOrder) if (request.direction !== event.direction) this.openOrder.delete(request);
      }
      return;
    }
    const key = idKey(head.id);
    if (head.method !== undefined) {
      const space = this.space(event.direction, session);
      space.used.add(key);
      space.cut.set(key, (space.cut.get(key) ?? 0) + 1);
      return;
    }
    const request = this.takeOpen(opposite(event.direction), session, key);
    if (request) this.openOrder.delete(request);
    else this.answersCut(event.direction, session, key);
  }

  /** True when an answer that pairs with no open request answers a request that was cut (and uses it up). */
  private answersCut(direction: Direction, session: string | undefined, key: string): boolean {
    const requester = opposite(direction);
    const own = this.spaces.get(spaceKey(requester, session));
    const others = [...this.spaces].filter(([name]) => name.startsWith(`${requester}\u0000`));
    for (const space of [own, ...others.map(([, space]) => space)]) {
      const count = space?.cut.get(key);
      if (space === undefined || count === undefined) continue;
      if (count === 1) space.cut.delete(key);
      else space.cut.set(key, count - 1);
      return true;
    }
    if (this.unreadableCuts[requester] === 0) return false;
    this.unreadableCuts[requester]--;
    return true;
  }

  private space(direction: Direction, session: string | undefined): IdSpace {
    const key = spaceKey(direction, session);
    let space = this.spaces.get(key);
    if (!space) {
      space = { open: new Map(), used: new Set(), cut: new Map() };
      this.spaces.set(key, space);
    }
    return space;
  }

  private openRequest(ref: RequestRef, out: Building) {
    const space = this.space(ref.direction, ref.session);
    const key = idKey(ref.message.id);
    if (space.used.has(key)) {
      add(out, "issues", {
        kind: "duplicate-id",
        seq: ref.seq,
        direction: ref.direction,
        id: ref.message.id,
        detail: `request id ${JSON.stringify(ref.message.id)} was already used in this direction`,
      });
    }
    space.used.add(key);
    const queue = space.open.get(key);
    if (queue) queue.push(ref);
    else space.open.set(key, [ref]);
    this.openOrder.add(ref);
  }

  private answer(ref: MessageRef, id: JsonRpcId | null, out: Building) {
    if (id === null) {
      add(out, "issues", nullIdIssue(ref, "a response with a null id"));
      add(out, "exchanges", { type: "orphan-response", response: ref });
      return;
    }
    const request = this.takeOpen(opposite(ref.direction), ref.session, idKey(id));
    if (!request && this.answersCut(ref.direction, ref.session, idKey(id))) return;
    if (!request) {
      add(out, "issues", {
        kind: "unknown-id",
        seq: ref.seq,
        direction: ref.direction,
        id,
        detail: `response id ${JSON.stringify(id)} answers no open request`,
      });
      add(out, "exchanges", { type: "orphan-response", response: ref });
      return;
    }
    this.openOrder.delete(request);
    add(out, "exchanges", { type: "request", method: request.message.method, request, response: ref });
  }

  /** The earliest open request with this id: in the message's own HTTP session first, else in any session. */
  private takeOpen(direction: Direction, session: string | undefined, key: string): RequestRef | undefined {
    const own = this.spaces.get(spaceKey(direction, session));
    const fromOwn = shiftOpen(own, key);
    if (fromOwn) return fromOwn;
    for (const [name, space] of this.spaces) {
      if (!name.startsWith(`${direction}\u0000`) || space === own) continue;
      const found = shiftOpen(space, key);
      if (found) return found;
    }
    return undefined;
  }
}

function shiftOpen(space: IdSpace | undefined, key: string): RequestRef | undefined {
  const queue = space?.open.get(key);
  if (!queue || queue.length === 0) return undefined;
  const request = queue.shift();
  if (queue.length === 0) space?.open.delete(key);
  return request;
}

function isPlainObjectWithNullId(raw: unknown): boolean {
  return typeof raw === "object" && raw !== null && !Array.isArray(raw) && (raw as Record<string, unknown>).id === null;
}

function nullIdIssue(ref: MessageRef, detail: string): CorrelationIssue {
  return { kind: "null-id", seq: ref.seq, direction: ref.direction, id: null, detail };
}
