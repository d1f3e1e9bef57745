/**
 * The shape every streamable-HTTP 2026-07-28 check shares: the RoutedRequests reading of the trace (one per judge,
 * shared by all of them), and handlers for what it yields (a request settled with its header problems, its answer
 * with the status that carried it, a response stream the client closed, a server message after that, a client
 * response on a POST, a notification on the one response open). `handlers` may be a function, called once per
 * judged session, for a check with state.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition, Reading } from "../../engine/types.js";
import { type RoutedReading, RoutedRequests } from "./routed-requests.js";

type Handler<K extends keyof RoutedReading> = (ctx: CheckContext, item: NonNullable<RoutedReading[K]>) => void;

export interface RoutedHandlers {
  settled?: Handler<"settled">;
  answered?: Handler<"answered">;
  closed?: Handler<"closed">;
  afterClose?: Handler<"afterClose">;
  clientResponse?: Handler<"clientResponse">;
  onStream?: Handler<"onStream">;
}

/** One RoutedRequests reading of a streamable-HTTP session per judge, handed to every routed check. */
export const routedRequests: Reading<RoutedReading> = {
  id: "routed-requests",
  subscribe: { events: ["http", "message", "lifecycle"], transports: ["streamable-http"] },
  create(_ctx, emit) {
    const reader = new RoutedRequests();
    return {
      event(event: TraceEvent) {
        const reading = reader.observe(event);
        if (
          reading.settled ||
          reading.answered ||
          reading.closed ||
          reading.afterClose ||
          reading.clientResponse ||
          reading.onStream
        )
          emit(reading);
      },
    };
  },
};

export function routedCheck(
  id: string,
  description: string,
  perSession: RoutedHandlers | (() => RoutedHandlers),
): CheckDefinition<RoutedReading> {
  return {
    id,
    description,
    subscribe: {},
    reads: routedRequests,
    create(ctx) {
      const handlers = typeof perSession === "function" ? perSession() : perSession;
      return {
        read(reading: RoutedReading) {
          if (reading.settled) handlers.settled?.(ctx, reading.settled);
          if (reading.answered) handlers.answered?.(ctx, reading.answered);
          if (reading.closed) handlers.closed?.(ctx, reading.closed);
          if (reading.afterClose) handlers.afterClose?.(ctx, reading.afterClose);
          if (reading.clientResponse) handlers.clientResponse?.(ctx, reading.clientResponse);
          if (reading.onStream) handlers.onStream?.(ctx, reading.onStream);
        },
      };
    },
  };
}
