/**
 * Cancellation on 2026-07-28 streamable HTTP: the client closing a request's response stream cancels the request,
 * and the server sends nothing more for it — neither its answer nor its progress. Judged where the closed stream
 * is certain (exactly one response was open when the client broke off).
 */
import { routedCheck } from "../../support/routed-check.js";

export const nothingAfterStreamClosed = routedCheck(
  "shttp.nothing-after-stream-closed",
  "After the client closes a request's response stream, the server sends no further message for that request.",
  {
    closed(ctx) {
      ctx.examined();
    },
    afterClose(ctx, late) {
      const what = late.message.type === "notification" ? `a ${late.message.method} notification` : "its answer";
      ctx.report(
        late.seq,
        `the server sent ${what} for the ${late.request.message.method} request after the client closed its response stream`,
      );
    },
  },
);
