/**
 * One writer thread for many sessions (TraceFileThread): each session's trace is built, redacted and written there,
 * the forwarding thread's redactor is never called, and the session's other sinks (a judge, OTLP) get the events the
 * thread redacted, in seq order, with no secret in them.
 */
import { readFileSync } from "node:fs";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";
import { callbackSink, createRecorder, TraceFileThread } from "../src/index.js";
import { countingRedactor, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
const token = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;

describe("TraceFileThread", () => {
  it("writes and redacts many sessions' traces on one thread and feeds their other sinks redacted events", async () => {
    const onThisThread = countingRedactor({ secrets: true });
    const files = new TraceFileThread();
    const sessions = ["one", "two", "three"];
    const fed = new Map<string, TraceEvent[]>();
    const recorders = sessions.map((session) => {
      const file = files.sink(`${dir.path}/{session}.jsonl`, { session });
      const events: TraceEvent[] = [];
      fed.set(session, events);
      file.feed([callbackSink((event) => void events.push(event))]);
      return createRecorder({
        sink: file,
        transport: "streamable-http",
        session,
        redact: onThisThread,
        timestamps: false,
      });
    });
    for (const [i, recorder] of recorders.entries()) {
      recorder.http("client-to-server", { method: "POST", path: "/mcp", headers: { "x-note": token } });
      recorder.message("client-to-server", Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" })));
      recorder.message("server-to-client", Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: i, result: { token } })));
    }
    const stats = await Promise.all(recorders.map((recorder) => recorder.close()));
    await files.close();
    expect(onThisThread.calls).toBe(0);
    for (const [i, session] of sessions.entries()) {
      const text = readFileSync(`${dir.path}/${session}.jsonl`, "utf8");
      expect(text).not.toContain(token);
      const events = readTraceSync(text);
      expect(events.map((e) => e.kind)).toEqual(["lifecycle", "http", "message", "message", "lifecycle"]);
      expect(events[2]).toMatchObject({ payload: { id: i, method: "ping" } });
      expect(stats[i]!.sinks[0]).toMatchObject({ written: 5, dropped: 0, errors: [] });
      const other = fed.get(session)!;
      expect(other.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
      expect(JSON.stringify(other)).not.toContain(token);
      expect(JSON.stringify(other[3])).toContain("[redacted:");
    }
  });

  it("refuses an existing file at once, as a file sink does, and takes a sibling when asked", async () => {
    const files = new TraceFileThread();
    const first = files.sink(`${dir.path}/{session}.jsonl`, { session: "taken" });
    expect(() => files.sink(`${dir.path}/{session}.jsonl`, { session: "taken" })).toThrow(/exists/);
    const sibling = files.sink(`${dir.path}/{session}.jsonl`, { session: "taken", sibling: true });
    expect(sibling.path).toMatch(/taken-2\.jsonl$/);
    await Promise.all([first.close(), sibling.close()]);
    await files.close();
  });
});
