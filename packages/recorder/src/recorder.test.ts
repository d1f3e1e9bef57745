import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { mapToUpstream } from "./http-forwarding.js";
import { createRecorder } from "./recorder.js";
import type { Sink } from "./sink.js";
import { callbackSink, fanOut, fileSink } from "./sinks.js";

const fixedClock = () => Date.UTC(2025, 10, 25);

describe("Recorder", () => {
  it("assigns one seq per event in call order, the same in every sink of a fan-out", async () => {
    const a: TraceEvent[] = [];
    const b: TraceEvent[] = [];
    const recorder = createRecorder({
      sink: fanOut(
        callbackSink((e) => void a.push(e)),
        callbackSink((e) => void b.push(e)),
      ),
      transport: "stdio",
      label: "t",
      session: "s",
      now: fixedClock,
    });
    recorder.message("client-to-server", Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    recorder.message("server-to-client", { jsonrpc: "2.0", id: 1, result: {} });
    recorder.stderr("log");
    const stats = await recorder.close();
    expect(a.map((e) => [e.seq, e.kind])).toEqual([
      [0, "lifecycle"],
      [1, "message"],
      [2, "message"],
      [3, "stderr"],
      [4, "lifecycle"],
    ]);
    expect(b).toEqual(a);
    expect(a[0]).toMatchObject({ event: "transport-open", meta: { label: "t", session: "s" } });
    expect(a[1]).toMatchObject({ payload: { method: "ping" }, ts: "2025-11-25T00:00:00.000Z" });
    expect(stats).toMatchObject({ session: "s", recorded: 5, dropped: 0 });
  });

  it("records bytes that are not JSON as raw, and a message over the limit as truncated raw", async () => {
    const events: TraceEvent[] = [];
    const recorder = createRecorder({
      sink: callbackSink((e) => void events.push(e)),
      transport: "stdio",
      maxMessageBytes: 8,
      open: false,
    });
    recorder.message("server-to-client", Buffer.from("hello"));
    recorder.message("server-to-client", Buffer.from('{"jsonrpc":"2.0"}'));
    await recorder.close();
    expect(events[0]).toMatchObject({ kind: "raw", text: "hello" });
    expect(events[1]).toMatchObject({ kind: "raw", text: '{"jsonrp', truncated: true, bytes: 17 });
  });

  it("keeps only allow-listed headers and never authorization or cookie", async () => {
    const events: TraceEvent[] = [];
    const recorder = createRecorder({
      sink: callbackSink((e) => void events.push(e)),
      transport: "streamable-http",
      open: false,
    });
    recorder.http("client-to-server", {
      method: "POST",
      path: "/mcp?token=secret",
      headers: [
        "Authorization",
        "Bearer x",
        "Cookie",
        "a=b",
        "Accept",
        "text/event-stream",
        "accept",
        "application/json",
        "Mcp-Param-Region",
        "eu",
      ],
    });
    await recorder.close();
    expect(events[0]).toMatchObject({
      kind: "http",
      path: "/mcp",
      headers: { accept: "text/event-stream, application/json", "mcp-param-region": "eu" },
    });
    expect(JSON.stringify(events[0])).not.toMatch(/Bearer|a=b|secret/);
  });

  it("a sink that never finishes drops what overflows its queue and never blocks the caller", async () => {
    const recorder = createRecorder({
      sink: callbackSink(() => new Promise<void>(() => {})),
      transport: "stdio",
      queue: { maxEvents: 10, closeTimeoutMs: 20 },
      open: false,
    });
    // Each call returns before the sink is ever done (it never is); the drops show the queue held its bound.
    for (let i = 0; i < 1000; i++) recorder.message("client-to-server", { i });
    const stats = await recorder.close();
    expect(stats.dropped).toBeGreaterThanOrEqual(990);
    expect(stats.sinks[0]!.errors.join()).toMatch(/still busy/);
  });
});

describe("a sink's gathering time", () => {
  /** A sink that logs each event's seq and each slice's end, gathering `gatherMs`. */
  function slices(gatherMs: number | undefined) {
    const log: string[] = [];
    const sink: Sink = {
      name: "slices",
      ...(gatherMs === undefined ? {} : { gatherMs }),
      write: (event) => void log.push(String(event.seq)),
      flush: () => void log.push("|"),
      close() {},
    };
    return { sink, log };
  }

  it("holds events gathered over several turns of the loop, then hands them over together", async () => {
    const { sink, log } = slices(200);
    const recorder = createRecorder({ sink, transport: "stdio", open: false });
    recorder.message("client-to-server", { a: 1 });
    await sleep(20);
    recorder.message("server-to-client", { b: 2 });
    expect(log).toEqual([]); // the first is still held, 20 ms on
    await sleep(400);
    expect(log.filter((entry) => entry !== "|")).toEqual(["0", "1"]);
    expect(log.at(-1)).toBe("|");
    await recorder.close();
  });

  it("without one, hands each turn's events over at the next turn", async () => {
    const { sink, log } = slices(undefined);
    const recorder = createRecorder({ sink, transport: "stdio", open: false });
    recorder.message("client-to-server", { a: 1 });
    await sleep(20);
    recorder.message("server-to-client", { b: 2 });
    await sleep(20);
    expect(log).toEqual(["0", "|", "1", "|"]);
    await recorder.close();
  });

  it("a file sink writes what it gathered without waiting for the session's end", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gather-"));
    try {
      const sink = fileSink(join(dir, "t.jsonl"), { session: "s" });
      expect(sink.gatherMs).toBeGreaterThan(0);
      const recorder = createRecorder({ sink, transport: "stdio", session: "s" });
      recorder.message("client-to-server", Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
      await sleep((sink.gatherMs ?? 0) + 500);
      expect(readFileSync(join(dir, "t.jsonl"), "utf8").trim().split("\n")).toHaveLength(2);
      await recorder.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("mapToUpstream", () => {
  const upstream = new URL("http://localhost:3000/mcp");
  it("maps the proxy's root to the upstream URL itself and appends other paths", () => {
    expect(mapToUpstream(upstream, "/").href).toBe("http://localhost:3000/mcp");
    expect(mapToUpstream(upstream, "/mcp").href).toBe("http://localhost:3000/mcp/mcp");
    expect(mapToUpstream(upstream, "/x?y=1").href).toBe("http://localhost:3000/mcp/x?y=1");
    expect(mapToUpstream(new URL("http://localhost:3000"), "/mcp").href).toBe("http://localhost:3000/mcp");
  });
});
