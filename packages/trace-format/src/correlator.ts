/**
 * The exchange model: pairs each response with the request it answers and emits exchanges in seq order. Ids live
 * in one space per direction (and per HTTP session); a response pairs with the earliest open request of its id.
 * Anything odd — a duplicate id, a response to nothing, a batch, a null id, an answer out of order — is reported
 * as a `CorrelationIssue`, never thrown.
 */
import { classifyMessage, type JsonRpcId, type JsonRpcMessage, type JsonRpcRequest } from "./jsonrpc.js";
import type { Direction, MessageEvent, TraceEvent } from "./types.js";

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

export type CorrelationIssueKind = "duplicate-id" | "unknown-id" | "out-of-order" | "batch" | "null-id";

export interface CorrelationIssue {
  kind: CorrelationIssueKind;
  seq: number;
  direction: Direction;
  id?: JsonRpcId | null;
  detail: string;
}

export interface Observation {
  /** The JSON-RPC messages the event carried (none for a non-message event). */
  messages: MessageRef[];
  /** Exchanges this event completed, in order. */
  exchanges: Exchange[];
  issues: CorrelationIssue[];
}

const opposite = (d: Direction): Direction => (d === "client-to-server" ? "server-to-client" : "client-to-server");

/** JSON equality for ids: 1 and "1" are different ids. */
export function idKey(id: JsonRpcId): string {
  return typeof id === "string" ? `s${id}` : `n${id}`;
}

interface IdSpace {
  /** Open requests by id key, oldest first. */
  open: Map<string, RequestRef[]>;
  used: Set<string>;
}

export class Correlator {
  private readonly spaces = new Map<string, IdSpace>();
  /** Open requests in seq order, to spot answers out of order and list the unanswered at the end. */
  private readonly openOrder = new Set<RequestRef>();
  private readonly lastHttpSession: Record<Direction, string | undefined> = {
    "client-to-server": undefined,
    "server-to-client": undefined,
  };

  /** Feeds one event, in seq order. */
  observe(event: TraceEvent): Observation {
    const out: Observation = { messages: [], exchanges: [], issues: [] };
    if (event.kind === "http") {
      this.lastHttpSession[event.direction] = event.headers?.["mcp-session-id"];
      return out;
    }
    if (event.kind !== "message") return out;
    const session = event.transport === "streamable-http" ? this.lastHttpSession[event.direction] : undefined;
    if (Array.isArray(event.payload)) {
      out.issues.push({
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

  private take(
    event: MessageEvent,
    message: JsonRpcMessage,
    session: string | undefined,
    out: Observation,
    batchIndex?: number,
  ) {
    const ref: MessageRef = { seq: event.seq, direction: event.direction, message, event };
    if (event.ts !== undefined) ref.ts = event.ts;
    if (batchIndex !== undefined) ref.batchIndex = batchIndex;
    if (session !== undefined) ref.session = session;
    out.messages.push(ref);

    switch (message.type) {
      case "request":
        this.openRequest(ref as RequestRef, out);
        return;
      case "notification":
        out.exchanges.push({ type: "notification", method: message.method, message: ref });
        return;
      case "result":
      case "error":
        this.answer(ref, message.id, out);
        return;
      case "invalid":
        if (isPlainObjectWithNullId(message.raw)) {
          out.issues.push({
            kind: "null-id",
            seq: ref.seq,
            direction: ref.direction,
            id: null,
            detail: "a message with a null id",
          });
        }
        out.exchanges.push({ type: "invalid", message: ref });
        return;
    }
  }

  private space(direction: Direction, session: string | undefined): IdSpace {
    const key = `${direction}\u0000${session ?? ""}`;
    let space = this.spaces.get(key);
    if (!space) {
      space = { open: new Map(), used: new Set() };
      this.spaces.set(key, space);
    }
    return space;
  }

  private openRequest(ref: RequestRef, out: Observation) {
    const space = this.space(ref.direction, ref.session);
    const key = idKey(ref.message.id);
    if (space.used.has(key)) {
      out.issues.push({
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

  private answer(ref: MessageRef, id: JsonRpcId | null, out: Observation) {
    if (id === null) {
      out.issues.push({
        kind: "null-id",
        seq: ref.seq,
        direction: ref.direction,
        id: null,
        detail: "a response with a null id",
      });
      out.exchanges.push({ type: "orphan-response", response: ref });
      return;
    }
    const request = this.takeOpen(opposite(ref.direction), ref.session, idKey(id));
    if (!request) {
      out.issues.push({
        kind: "unknown-id",
        seq: ref.seq,
        direction: ref.direction,
        id,
        detail: `response id ${JSON.stringify(id)} answers no open request`,
      });
      out.exchanges.push({ type: "orphan-response", response: ref });
      return;
    }
    const first = this.earliestOpen(request.direction, request.session);
    if (first !== undefined && first !== request) {
      out.issues.push({
        kind: "out-of-order",
        seq: ref.seq,
        direction: ref.direction,
        id,
        detail: `answers request seq ${request.seq} before the earlier open request seq ${first.seq}`,
      });
    }
    this.openOrder.delete(request);
    out.exchanges.push({ type: "request", method: request.message.method, request, response: ref });
  }

  /** The oldest open request of the same id space: answers in different HTTP sessions never overtake each other. */
  private earliestOpen(direction: Direction, session: string | undefined): RequestRef | undefined {
    for (const request of this.openOrder) {
      if (request.direction === direction && request.session === session) return request;
    }
    return undefined;
  }

  /** The earliest open request with this id: in the message's own HTTP session first, else in any session. */
  private takeOpen(direction: Direction, session: string | undefined, key: string): RequestRef | undefined {
    const own = this.spaces.get(`${direction}\u0000${session ?? ""}`);
    const fromOwn = shiftOpen(own, key);
    if (fromOwn) return fromOwn;
    for (const [spaceKey, space] of this.spaces) {
      if (!spaceKey.startsWith(`${direction}\u0000`) || space === own) continue;
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
