/**
 * What a server's `notifications/cancelled` is for in 2026-07-28: only ending a `subscriptions/listen` stream
 * (canc.server-cancels-only-listen), and on stdio a server that ends a subscription says so with one
 * (canc.listen-teardown-announced) — its graceful result alone does not end the stream there.
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { LISTEN, LISTEN_TEARDOWN_SUBSCRIPTION, ListenStreams } from "../support/listen-teardowns.js";
import { cancelledId } from "../support/readers.js";
import { issuedRequests } from "./issued-requests.js";

export const serverCancelsOnlyListen: CheckDefinition = {
  id: "canc.server-cancels-only-listen",
  description: "A server's notifications/cancelled names a subscriptions/listen request of the client, nothing else.",
  subscribe: { messages: ["*request", "notifications/cancelled"] },
  create(ctx) {
    const issued = issuedRequests(ctx.facts);
    return {
      message(ref: MessageRef) {
        if (ref.message.type === "request") {
          issued.observeRequest(ref);
          return;
        }
        const id = ref.direction === "server-to-client" ? cancelledId(ref) : undefined;
        if (id === undefined) return;
        ctx.examined();
        const target = issued.issuedByOtherSide(ref, id);
        if (target?.method === LISTEN || (!target && issued.forgotten)) return;
        ctx.report(
          ref.seq,
          target
            ? `the server's notifications/cancelled names the client's ${quote(target.method)} request (id ${quote(id)}), not a subscriptions/listen request`
            : `the server's notifications/cancelled names request id ${quote(id)}, which is no subscriptions/listen request of the client`,
        );
      },
    };
  },
};

export const listenTeardownAnnounced: CheckDefinition = {
  id: "canc.listen-teardown-announced",
  description:
    "On stdio, a server that ends a subscription with its subscriptions/listen result also sends notifications/cancelled naming it.",
  subscribe: LISTEN_TEARDOWN_SUBSCRIPTION,
  create(ctx) {
    const streams = new ListenStreams();
    return {
      message(ref: MessageRef) {
        streams.observeMessage(ref);
      },
      exchange(x: Exchange) {
        streams.observeExchange(x);
      },
      finish() {
        for (const stream of streams.completedByServer()) {
          if (stream.transport !== "stdio") continue;
          ctx.examined();
          if (stream.serverCancelled === undefined)
            ctx.report(
              stream.completed,
              `the server ended subscription ${quote(stream.id)} with its subscriptions/listen result but sent no notifications/cancelled naming it`,
            );
        }
      },
    };
  },
};
