/**
 * ver.modern-client-probes-first — the compatibility matrix's Modern × Legacy row (2026-07-28): on stdio a client
 * that sends a modern request to a legacy server without a `server/discover` probe first gets that request refused,
 * or served under legacy rules, where a probe fails deterministically. A session whose first request is not a probe
 * is no finding in itself: the client may reuse a persisted verdict, and the official SDK probes on a separate,
 * short-lived process started with the same command — both leave a session with no probe in it. So the finding
 * rests on the server turning out legacy: it answered the first request, and no result of its ever had the modern
 * shape (`resultType`, `_meta` serverInfo). Only stdio: on streamable HTTP the first request's status drives the
 * fallback.
 */
import type { MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { requestMeta, STATELESS_VERSION_META_KEY } from "../support/modern.js";
import { showsModernServer } from "../support/modern-server.js";

const DISCOVER = "server/discover";

export const modernClientProbesFirst: CheckDefinition = {
  id: "ver.modern-client-probes-first",
  description:
    "On stdio, a modern client that skipped the server/discover probe did not meet a legacy server (one none of whose results had the modern shape).",
  subscribe: { messages: ["*request", "*response"] },
  create(ctx) {
    let judgedFirst = false;
    let first: { seq: number; method: string; id: unknown } | undefined;
    let answeredAt: number | undefined;
    let modern = false;
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (ref.direction === "server-to-client") {
          if (showsModernServer(ref)) modern = true;
          if (first !== undefined && answeredAt === undefined && (m.type === "result" || m.type === "error"))
            if (m.id === first.id) answeredAt = ref.seq;
          return;
        }
        if (judgedFirst || m.type !== "request" || ref.event.transport !== "stdio") return;
        judgedFirst = true;
        if (typeof requestMeta(ref)?.[STATELESS_VERSION_META_KEY] !== "string") return; // a legacy opening
        ctx.examined();
        if (m.method !== DISCOVER) first = { seq: ref.seq, method: m.method, id: m.id };
      },
      finish() {
        if (first === undefined || answeredAt === undefined || modern) return;
        ctx.report(
          first.seq,
          `the client's first request was ${quote(first.method)}, not a ${DISCOVER} probe, and the server answered it (seq ${answeredAt}) as a legacy server does: none of its results had resultType or _meta serverInfo`,
        );
      },
    };
  },
};
