/**
 * How each `subscriptions/listen` stream of a 2026-07-28 session ended, as the wire shows it: the client's
 * `notifications/cancelled` naming it, the server's result answering it (a graceful end), the server's
 * `notifications/cancelled` naming it (the teardown on stdio). Read by the checks of a server's teardown
 * (cancellation.mdx and subscriptions.mdx's Graceful Closure), which subscribe to what `LISTEN_TEARDOWN_SUBSCRIPTION`
 * names and feed every message and exchange they get to `observe…`.
 */
import { type Exchange, idKey, type JsonRpcId, type MessageRef } from "@mcp-conf/session";
import type { Subscription } from "../../engine/types.js";
import { BoundedMap } from "./bounded-map.js";
import { cancelledId } from "./readers.js";

export const LISTEN = "subscriptions/listen";
const CANCELLED = "notifications/cancelled";

/** What the teardown checks subscribe to. */
export const LISTEN_TEARDOWN_SUBSCRIPTION: Subscription = {
  messages: [LISTEN, CANCELLED],
  exchanges: [LISTEN],
};

export interface ListenStream {
  id: JsonRpcId;
  seq: number;
  transport: MessageRef["event"]["transport"];
  /** Seq of the client's cancellation of it. */
  clientCancelled?: number;
  /** Seq of the server's result answering it. */
  completed?: number;
  /** Seq of the server's first cancellation naming it. */
  serverCancelled?: number;
}

export class ListenStreams {
  private readonly streams = new BoundedMap<string, ListenStream>(10_000);

  get forgotten(): boolean {
    return this.streams.forgotten;
  }

  /**
   * Takes in a listen request or a cancellation; returns the stream a server's cancellation names, or undefined (for
   * any other message, and for a server cancellation naming no listen request).
   */
  observeMessage(ref: MessageRef): ListenStream | undefined {
    const m = ref.message;
    if (m.type === "request") {
      if (m.method === LISTEN && ref.direction === "client-to-server")
        this.streams.set(idKey(m.id), { id: m.id, seq: ref.seq, transport: ref.event.transport });
      return undefined;
    }
    const id = m.type === "notification" && m.method === CANCELLED ? cancelledId(ref) : undefined;
    const stream = id === undefined ? undefined : this.streams.get(idKey(id));
    if (!stream) return undefined;
    if (ref.direction === "client-to-server") {
      stream.clientCancelled ??= ref.seq;
      return undefined;
    }
    stream.serverCancelled ??= ref.seq;
    return stream;
  }

  /** Takes in an answered listen request; returns its stream when the answer is a result. */
  observeExchange(x: Exchange): ListenStream | undefined {
    if (x.type !== "request" || x.method !== LISTEN || x.response?.message.type !== "result") return undefined;
    const stream = this.streams.get(idKey(x.request.message.id));
    if (!stream || stream.seq !== x.request.seq) return undefined;
    stream.completed ??= x.response.seq;
    return stream;
  }

  /** The streams the server ended on its own initiative with a result (the client had not cancelled them first). */
  *completedByServer(): Iterable<ListenStream & { completed: number }> {
    for (const stream of this.streams.values()) {
      const { completed, clientCancelled } = stream;
      if (completed !== undefined && (clientCancelled === undefined || clientCancelled > completed))
        yield stream as ListenStream & { completed: number };
    }
  }
}
