/**
 * ver.modern-client-probes-first — the compatibility matrix's Modern × Legacy row (2026-07-28): on stdio a client
 * that sends a modern request to a legacy server without a `server/discover` probe first gets that request served
 * or refused under legacy rules, where a probe fails deterministically. A session whose first request is not a probe
 * is no finding in itself: the client may reuse a persisted verdict, and the official SDK probes on a separate,
 * short-lived process started with the same command — both leave a session with no probe in it. So the finding
 * rests on the server turning out legacy: the first request was answered with an error and no modern request of the
 * session ever got a result. Only stdio: on streamable HTTP the first request's status drives the fallback.
 */
import type { Exchange, MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { requestMeta, STATELESS_VERSION_META_KEY } from "../support/modern.js";

const DISCOVER = "server/discover";

export const modernClientProbesFirst: CheckDefinition = {
  id: "ver.modern-client-probes-first",
  description:
    "On stdio, a modern client that skipped the server/discover probe did not meet a legacy server (one that refused its first request and served no modern one).",
  subscribe: { messages: ["*request"], exchanges: ["*request"] },
  create(ctx) {
    let first: { seq: number; method: string; id: unknown } | undefined;
    let judgedFirst = false;
    /** The first request's error answer, while no modern request has been served. */
    let refusedAt: number | undefined;
    let servedModern = false;
    return {
      message(ref: MessageRef) {
        if (judgedFirst || ref.direction !== "client-to-server" || ref.message.type !== "request") return;
        if (ref.event.transport !== "stdio") return;
        judgedFirst = true;
        if (typeof requestMeta(ref)?.[STATELESS_VERSION_META_KEY] !== "string") return; // a legacy opening
        ctx.examined();
        if (ref.message.method !== DISCOVER) first = { seq: ref.seq, method: ref.message.method, id: ref.message.id };
      },
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
        const answer = x.response.message;
        if (answer.type === "result" && typeof requestMeta(x.request)?.[STATELESS_VERSION_META_KEY] === "string") {
          servedModern = true;
        }
        if (first !== undefined && x.request.seq === first.seq && answer.type === "error") refusedAt = x.response.seq;
      },
      finish() {
        if (first === undefined || refusedAt === undefined || servedModern) return;
        ctx.report(
          first.seq,
          `the client's first request was ${quote(first.method)}, not a ${DISCOVER} probe, and the server refused it (seq ${refusedAt}) and served no modern request: a legacy server, which a probe would have shown`,
        );
      },
    };
  },
};
