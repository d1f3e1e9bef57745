/**
 * Redaction never runs on the thread that forwards the session (issue 31): with the threaded file sink, every event
 * — observed lines, and stderr, http and lifecycle events — reaches the sink's thread as observed and is redacted
 * there, so a costly rule can slow the trace, never the wire. And a catastrophic `--redact-value` cannot keep the
 * recorder from finishing its trace.
 */
import { readFileSync } from "node:fs";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { readTraceSync } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";
import { createRecorder, type Redactor, threadedFileSink } from "../src/index.js";
import { countingRedactor, relayCat, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
const token = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;

describe("redaction on the sink's thread", () => {
  it("never calls the forwarding thread's redactor, and the trace holds no secret", async () => {
    const onThisThread = countingRedactor({ secrets: true });
    const path = `${dir.path}/thread.jsonl`;
    const recorder = createRecorder({
      sink: threadedFileSink(path),
      transport: "streamable-http",
      redact: onThisThread,
      timestamps: false,
      meta: { upstream: `http://example.test/${token}/mcp` },
    });
    recorder.http("client-to-server", { method: "POST", path: `/${token}/mcp`, headers: { "x-note": token } });
    recorder.message("client-to-server", Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: token })));
    recorder.stderr(`started with ${token}`);
    await recorder.close();
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(token);
    expect(readTraceSync(text).length).toBe(5);
    expect(onThisThread.calls).toBe(0);
  });

  it("a catastrophic --redact-value over stdio: the recorder ends, every event written, the withheld counted", async () => {
    const path = `${dir.path}/catastrophic.jsonl`;
    const hostile = `${"a".repeat(40)}b`;
    const lines = [1, 2, 3].map((id) =>
      Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", id, method: "x", params: { hostile } })}\n`),
    );
    const catastrophic: Redactor = { rules: { values: ["(a+)+$"] }, withheld: 0, redact: (e) => e };
    const result = await relayCat(lines, threadedFileSink(path), catastrophic);
    const events = readTraceSync(readFileSync(path, "utf8"));
    expect(events.length).toBe(result.stats.recorded);
    expect(events.filter((e) => e.kind === "message").length).toBe(6); // three sent, three echoed by cat
    expect(readFileSync(path, "utf8")).not.toContain(hostile);
    expect(result.stats.sinks[0]!.errors.join("\n")).toMatch(/withheld \d+ string/);
  }, 60_000);
});
