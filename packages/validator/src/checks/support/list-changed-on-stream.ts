/**
 * The list-changed rule where change notifications travel on `subscriptions/listen` streams (2026-07-28): "servers
 * that declared the listChanged capability SHOULD send a notification to clients that have opened a
 * subscriptions/listen stream with toolsListChanged: true". A stream is open from the client's listen request until
 * the server's answer to it; a notification is on it when its `_meta` names the stream's id as its subscription. So
 * a list_changed notification sent while no open stream asked for it, or on another subscription than the stream that
 * did, is reported at once (one on a stream whose filter did not ask is sub.only-requested's, SUB-001; one naming no
 * subscription while a stream asked is BASE-050's); and two listings that differ
 * while a stream asked for the change must be separated by a notification on such a stream (judged at the end).
 * Over streamable HTTP the client may close a stream at any time, and the trace does not say which response a
 * client's break-off ended: after one, each stream open then may be closed, so it no longer obliges the server to
 * notify, while a notification still sent on it is not reported.
 */

import { type Exchange, idKey, type MessageRef } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckHandlers } from "../../engine/types.js";
import { quote } from "./detail.js";
import { describeChange, type ListChangeSpec, listingKeys, sameKeys } from "./list-changes.js";
import { ListingAssembler } from "./listing.js";
import { SUBSCRIBED_NOTIFICATIONS, SUBSCRIPTION_ID_META_KEY } from "./modern.js";
import { metaOf, paramsOf } from "./readers.js";

export const LISTEN = "subscriptions/listen";
/** Open streams at most: a trace opening more is judged on its latest ones. */
const MAX_STREAMS = 1000;

export function onStreamHandlers(spec: ListChangeSpec, ctx: CheckContext): CheckHandlers {
  const field = SUBSCRIBED_NOTIFICATIONS[spec.notification]!;
  /**
   * Open streams by the key of their listen request's id: that id, whether the stream asked for this notification,
   * and whether the client may have closed it since.
   */
  const streams = new Map<string, { id: string | number; asks: boolean; mayBeClosed: boolean }>();
  const asking = () => [...streams.values()].filter((stream) => stream.asks).map((stream) => stream.id);
  const surelyAsking = () => [...streams.values()].some((stream) => stream.asks && !stream.mayBeClosed);
  const assembler = new ListingAssembler(spec.itemsKey);
  let last: { keys: string[]; seq: number } | undefined;
  /** A stream that asked for the change was open at some time since the last listing. */
  let watched = false;
  let notified = false;
  let pending: { seq: number; detail: string } | undefined;

  function listened(ref: MessageRef) {
    const filter = paramsOf(ref)?.notifications;
    const asks = isPlainObject(filter) && filter[field] === true;
    if (ref.message.type !== "request") return;
    if (streams.size >= MAX_STREAMS) streams.delete(streams.keys().next().value!);
    streams.set(idKey(ref.message.id), { id: ref.message.id, asks, mayBeClosed: false });
    if (asks) watched = true;
  }

  function notification(ref: MessageRef) {
    ctx.examined();
    const subscription = metaOf(paramsOf(ref))?.[SUBSCRIPTION_ID_META_KEY];
    const named = typeof subscription === "string" || typeof subscription === "number";
    const stream = named ? streams.get(idKey(subscription)) : undefined;
    // On a stream whose filter did not ask, it is sub.only-requested's (SUB-001).
    if (stream) {
      if (stream.asks) {
        notified = true;
        pending = undefined;
      }
      return;
    }
    const wanted = asking();
    // Without a subscription id (BASE-050's finding) it may still be on a stream that asked.
    if (!named && wanted.length > 0) {
      notified = true;
      pending = undefined;
      return;
    }
    ctx.report(
      ref.seq,
      wanted.length === 0
        ? `${spec.notification} sent while no open ${LISTEN} stream asked for it (${field}: true)`
        : `${spec.notification} sent on subscription ${quote(subscription ?? null)}, not on the ${LISTEN} stream that asked for it (${wanted.map((id) => quote(id)).join(", ")})`,
    );
  }

  return {
    event(event: TraceEvent) {
      if (event.kind !== "lifecycle" || event.event !== "transport-abort" || event.direction !== "client-to-server")
        return;
      for (const stream of streams.values()) stream.mayBeClosed = true;
      // The list may have changed after the close: no stream surely open since the last listing obliges a notification.
      watched = false;
    },
    message(ref: MessageRef) {
      const m = ref.message;
      if (m.type === "request" && m.method === LISTEN && ref.direction === "client-to-server") listened(ref);
      else if (m.type === "notification" && m.method === spec.notification && ref.direction === "server-to-client")
        notification(ref);
    },
    exchange(exchange: Exchange) {
      if (exchange.type === "request" && exchange.method === LISTEN) {
        if (exchange.response) streams.delete(idKey(exchange.request.message.id));
        return;
      }
      const listing = assembler.accept(exchange)?.listing;
      if (!listing) return;
      const keys = listingKeys(spec, listing.items);
      if (last && watched && !sameKeys(last.keys, keys)) {
        ctx.examined();
        if (!notified && !pending)
          pending = { seq: listing.seq, detail: describeChange(spec, last, keys, listing.seq) };
      }
      last = { keys, seq: listing.seq };
      notified = false;
      watched = surelyAsking();
    },
    finish() {
      if (pending) ctx.report(pending.seq, pending.detail);
    },
  };
}
