/**
 * sub.graceful-close: a server that ends a subscription on its own initiative first answers the subscriptions/listen
 * request with a result. Judged on stdio, where the server's notifications/cancelled naming the listen request is
 * the end the trace shows; on streamable HTTP the end is the SSE stream closing, which the trace does not record.
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { LISTEN_TEARDOWN_SUBSCRIPTION, ListenStreams } from "../support/listen-teardowns.js";

export const gracefulClose: CheckDefinition = {
  id: "sub.graceful-close",
  description:
    "A server ending a subscription answers its subscriptions/listen request with a result before it cancels the stream.",
  subscribe: LISTEN_TEARDOWN_SUBSCRIPTION,
  create(ctx) {
    const streams = new ListenStreams();
    return {
      message(ref: MessageRef) {
        const stream = streams.observeMessage(ref);
        // Only the server's first cancellation of a stream the client had not cancelled is its teardown.
        if (!stream || stream.serverCancelled !== ref.seq || stream.transport !== "stdio") return;
        if (stream.clientCancelled !== undefined) return;
        ctx.examined();
        if (stream.completed === undefined)
          ctx.report(
            ref.seq,
            `the server ended subscription ${quote(stream.id)} with notifications/cancelled without first answering its subscriptions/listen request with a result`,
          );
      },
      exchange(x: Exchange) {
        streams.observeExchange(x);
      },
    };
  },
};
