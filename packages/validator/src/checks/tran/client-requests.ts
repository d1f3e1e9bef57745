/**
 * The client's HTTP requests (TRAN-012/013/014/015/029): every message travels in a POST of its own, whose body is
 * one message (no batch; at 2025-03-26 a batch of only requests and notifications or only responses) and whose Accept header lists both application/json and text/event-stream; a GET lists
 * text/event-stream. Which request carried which message is read by HttpRequests.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { batchDefect } from "../support/batching.js";
import { quote } from "../support/detail.js";
import { type HttpRequest, header, httpReadingCheck, mediaTypes } from "../support/http-requests.js";

/** A check over settled client HTTP requests (and stray client messages). */
function requestCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, request: HttpRequest) => void,
  stray?: (ctx: CheckContext, event: TraceEvent) => void,
): CheckDefinition {
  return httpReadingCheck(id, description, {
    reading(ctx, reading) {
      for (const request of reading.settled) judge(ctx, request);
      if (reading.strayMessage && stray) stray(ctx, reading.strayMessage);
    },
    finished(ctx, requests) {
      for (const request of requests) judge(ctx, request);
    },
  });
}

export const clientUsesPost = requestCheck(
  "tran.client-uses-post",
  "Every client message travels in an HTTP POST of its own.",
  (ctx, request) => {
    if (request.body) ctx.examined();
  },
  (ctx, event) => {
    ctx.examined();
    ctx.report(
      event.seq,
      "a client message travelled without an HTTP POST of its own (no POST request event carried it)",
    );
  },
);

export const postBodySingle = requestCheck(
  "tran.post-body-single",
  "The body of a POST is a single JSON-RPC message, never a batch.",
  (ctx, request) => {
    if (!request.body) return;
    ctx.examined();
    const payload = request.body.payload;
    if (Array.isArray(payload)) {
      ctx.report(
        request.body.seq,
        `the POST body is a JSON-RPC batch of ${payload.length} message(s), not a single message`,
      );
    }
  },
);

export const postBodyBatchUniform = requestCheck(
  "tran.post-body-batch-uniform",
  "The body of a POST is one JSON-RPC message, or a batch of only requests and notifications or only responses (2025-03-26).",
  (ctx, request) => {
    if (!request.body) return;
    ctx.examined();
    const payload = request.body.payload;
    const defect = Array.isArray(payload) ? batchDefect(payload) : undefined;
    if (defect) ctx.report(request.body.seq, `the POST body is ${defect}`);
  },
);

export const postAccept = requestCheck(
  "tran.post-accept",
  "A POST's Accept header lists both application/json and text/event-stream.",
  (ctx, request) => {
    if (request.method !== "POST") return;
    ctx.examined();
    const accept = header(request.event, "accept");
    const types = mediaTypes(accept);
    const missing = ["application/json", "text/event-stream"].filter((type) => !types.includes(type));
    if (missing.length === 0) return;
    ctx.report(
      request.seq,
      accept === undefined
        ? "a POST carries no Accept header; it must list application/json and text/event-stream"
        : `a POST's Accept header ${quote(accept)} does not list ${missing.join(" and ")}`,
    );
  },
);

export const getAccept = requestCheck(
  "tran.get-accept",
  "A GET's Accept header lists text/event-stream.",
  (ctx, request) => {
    if (request.method !== "GET") return;
    ctx.examined();
    const accept = header(request.event, "accept");
    if (mediaTypes(accept).includes("text/event-stream")) return;
    ctx.report(
      request.seq,
      accept === undefined
        ? "a GET carries no Accept header; it must list text/event-stream"
        : `a GET's Accept header ${quote(accept)} does not list text/event-stream`,
    );
  },
);
