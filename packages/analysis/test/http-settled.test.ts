/**
 * Calls the HTTP layer ends without a JSON-RPC answer. A real 2026-07-28 streamable-HTTP recording, where the client
 * cancels a long call the 2026 way — by closing its response stream: the call is cancelled at that transport-abort,
 * not pending. Corpus sessions for what a test cannot ask a real peer for on demand (a 403 for a foreign Origin with
 * a retry under the same id, a 404 for an expired session): the refused POST's call is refused with the status and
 * the server's reason, and the retry is paired with its own answer. A refusal whose body answers the request (a 400
 * with the request's id) stays an error answer. (A real refusal by server-everything: cli/test/refused-post.test.ts.)
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isPlainObject, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { analyzeTrace, type CallEntry } from "../src/index.js";

const corpus = fileURLToPath(new URL("../../../corpus/", import.meta.url));
const load = (path: string): TraceEvent[] => readTraceSync(readFileSync(`${corpus}${path}`));
const callsOf = async (events: TraceEvent[]) =>
  (await analyzeTrace(events, { contextCost: false })).timeline.filter((e): e is CallEntry => e.kind === "call");

describe("a response stream the client closed (2026-07-28)", () => {
  it("cancels the one call it carried, in a real recording, and nothing stays pending", async () => {
    const events = load("2026-07-28/good/modern-peer-http.jsonl");
    const abort = events.find((e) => e.kind === "lifecycle" && e.event === "transport-abort")!;
    // The request whose POST came last before the abort is the one whose stream was closed.
    const request = events
      .filter((e) => e.seq < abort.seq && e.kind === "message" && e.direction === "client-to-server")
      .at(-1)!;
    const calls = await callsOf(events);
    expect(calls.filter((c) => c.status === "cancelled").map((c) => [c.seq, c.cancelledSeq])).toEqual([
      [request.seq, abort.seq],
    ]);
    expect(calls.filter((c) => c.status === "pending")).toEqual([]);
  });

  it("leaves the call pending where the requests declare no stateless revision (closing a stream is no cancellation before 2026-07-28)", async () => {
    const events = load("2026-07-28/good/modern-peer-http.jsonl").map((event) => {
      if (event.kind !== "message" || !isPlainObject(event.payload) || !isPlainObject(event.payload.params))
        return event;
      const copy = structuredClone(event);
      delete (copy.payload as { params: { _meta?: Record<string, unknown> } }).params._meta?.[
        "io.modelcontextprotocol/protocolVersion"
      ];
      return copy;
    });
    const abort = events.find((e) => e.kind === "lifecycle" && e.event === "transport-abort")!;
    const request = events
      .filter((e) => e.seq < abort.seq && e.kind === "message" && e.direction === "client-to-server")
      .at(-1)!;
    const calls = await callsOf(events);
    expect(calls.find((c) => c.seq === request.seq)?.status).toBe("pending");
    expect(calls.filter((c) => c.status === "cancelled")).toEqual([]);
  });
});

describe("a POST refused with an HTTP error status", () => {
  it("is refused with the status and the null-id error's reason, and the retry under the same id is answered", async () => {
    const calls = await callsOf(load("2025-11-25/good/base-http-refused-origin.jsonl"));
    const lists = calls.filter((c) => c.method === "tools/list");
    expect(lists.map((c) => [c.seq, c.status, c.httpStatus, c.responseSeq])).toEqual([
      [9, "refused", 403, 10],
      [13, "ok", undefined, 15],
    ]);
    expect(lists[0]!.error).toEqual({ code: -32000, message: "Forbidden: invalid Origin" });
  });

  it("is refused without a body (404 for an expired session)", async () => {
    const calls = await callsOf(load("2025-11-25/good/base-http-session-expired.jsonl"));
    expect(calls.filter((c) => c.status !== "ok").map((c) => [c.seq, c.status, c.httpStatus])).toEqual([
      [13, "refused", 404],
    ]);
  });

  it("stays an error answer when the response answers the request by its id", async () => {
    const calls = await callsOf(load("2026-07-28/good/tran-http-session.jsonl"));
    const mismatch = calls.find((c) => c.seq === 18)!;
    expect([mismatch.status, mismatch.httpStatus, mismatch.error?.code]).toEqual(["error", undefined, -32020]);
    expect(calls.filter((c) => c.status === "refused")).toEqual([]);
  });
});
