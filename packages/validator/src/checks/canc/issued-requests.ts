/**
 * What the cancellation checks need to know about the requests each side issued, kept once per judged trace and
 * shared: per direction and HTTP session, each request id's method and seq, when it was answered and whether the
 * answer created a task. Feeding the same message or exchange twice is a no-op. Ids are kept as raw JSON values
 * (1 and "1" differ); bounded: beyond the limit the oldest are forgotten, and a check then stops claiming a
 * request was "never issued".
 */

import {
  type Exchange,
  idKey,
  type JsonRpcId,
  type MessageRef,
  type RequestRef,
  type SessionFacts,
  trimOldest,
} from "@mcp-conf/session";
import type { Direction } from "@mcp-conf/trace-format";
import { paramsOf } from "../support/readers.js";
import { createdTaskOfExchange, isTaskAugmented } from "../support/tasks.js";

export interface IssuedRequest {
  method: string;
  seq: number;
  taskAugmented: boolean;
  /** Seq of the answer, once answered. */
  answeredSeq?: number;
  /** The answer created a task. */
  createdTask?: boolean;
}

const LIMIT = 20_000;

export class IssuedRequests {
  private readonly spaces: Record<Direction, Map<string, Map<JsonRpcId, IssuedRequest>>> = {
    "client-to-server": new Map(),
    "server-to-client": new Map(),
  };
  forgotten = false;
  private lastRequest: MessageRef | undefined;
  private lastExchange: Exchange | undefined;

  private space(direction: Direction, session: string | undefined): Map<JsonRpcId, IssuedRequest> {
    const key = session ?? "";
    let space = this.spaces[direction].get(key);
    if (!space) {
      space = new Map();
      this.spaces[direction].set(key, space);
    }
    return space;
  }

  observeRequest(ref: MessageRef): void {
    if (ref === this.lastRequest || ref.message.type !== "request") return;
    this.lastRequest = ref;
    const space = this.space(ref.direction, ref.session);
    const id = ref.message.id;
    if (space.has(id)) space.delete(id);
    space.set(id, { method: ref.message.method, seq: ref.seq, taskAugmented: isTaskAugmented(paramsOf(ref)) });
    if (trimOldest(space, LIMIT)) this.forgotten = true;
  }

  observeExchange(x: Exchange): void {
    if (x === this.lastExchange || x.type !== "request" || !x.response) return;
    this.lastExchange = x;
    const entry = this.spaces[x.request.direction].get(x.request.session ?? "")?.get(x.request.message.id);
    if (!entry || entry.seq !== x.request.seq) return;
    entry.answeredSeq = x.response.seq;
    if (entry.taskAugmented && createdTaskOfExchange(x)) entry.createdTask = true;
  }

  /** The request a cancellation sent in `ref`'s direction refers to, if this side issued it. */
  lookup(ref: MessageRef, id: JsonRpcId): IssuedRequest | undefined {
    return this.find(ref.direction, ref.session, id);
  }

  /** Whether the other side issued a request with this id (to explain a wrong-direction cancellation). */
  issuedByOtherSide(ref: MessageRef, id: JsonRpcId): IssuedRequest | undefined {
    return this.find(ref.direction === "client-to-server" ? "server-to-client" : "client-to-server", ref.session, id);
  }

  /** In the message's own HTTP session first, else in any (as the correlator pairs answers). */
  private find(direction: Direction, session: string | undefined, id: JsonRpcId): IssuedRequest | undefined {
    const spaces = this.spaces[direction];
    const ownSpace = spaces.get(session ?? "");
    const own = ownSpace?.get(id);
    if (own) return own;
    for (const space of spaces.values()) {
      if (space === ownSpace) continue;
      const found = space.get(id);
      if (found) return found;
    }
    return undefined;
  }
}

const ledgers = new WeakMap<SessionFacts, IssuedRequests>();

/** The judged trace's ledger of issued requests (one per trace: keyed by the trace's session facts). */
export function issuedRequests(facts: SessionFacts): IssuedRequests {
  let ledger = ledgers.get(facts);
  if (!ledger) {
    ledger = new IssuedRequests();
    ledgers.set(facts, ledger);
  }
  return ledger;
}

/** The open request a cancellation names: same direction and id, in its own HTTP session if there is one there. */
export function openTarget(open: readonly RequestRef[], ref: MessageRef, id: JsonRpcId): RequestRef | undefined {
  const key = idKey(id);
  let fallback: RequestRef | undefined;
  for (const r of open) {
    if (r.direction !== ref.direction || idKey(r.message.id) !== key) continue;
    if (r.session === ref.session) return r;
    fallback ??= r;
  }
  return fallback;
}
