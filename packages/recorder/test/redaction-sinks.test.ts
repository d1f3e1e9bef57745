/**
 * Every sink of one recording redacts alike (issue 31 item 3): the trace file (redacted on its own thread) and a
 * sink beside it — what the live judge, OTLP spans and OTLP logs are fed on the recorder's thread — receive the same
 * redacted events, seq for seq, under every rule at once: the preset (a private key over several stderr lines, a token
 * in an HTTP path), a key, a path, a known argv secret and a catastrophic `--redact-value` withheld on both.
 */
import { readFileSync } from "node:fs";
import { SECRET_SAMPLES } from "@mcp-conf/testing";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, expect, it } from "vitest";
import { callbackSink, compileRedaction, createRecorder, threadedFileSink } from "../src/index.js";
import { tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
const token = SECRET_SAMPLES.find((s) => s.kind === "github-token")!.value;
const pem = SECRET_SAMPLES.find((s) => s.kind === "private-key")!.value.split("\n");

it("the trace file and the sinks beside it get the same redacted events", async () => {
  const redact = compileRedaction({
    secrets: true,
    keys: ["password"],
    paths: ["$..config"],
    values: ["(a+)+$"],
    known: ["plain-but-secret-value"],
  })!;
  const path = `${dir.path}/sinks.jsonl`;
  const beside: TraceEvent[] = [];
  const recorder = createRecorder({
    sink: threadedFileSink(path),
    extraSinks: [callbackSink((event) => void beside.push(event))],
    transport: "streamable-http",
    redact,
    timestamps: false,
    meta: { upstream: "http://example.test/mcp" },
  });
  recorder.http("client-to-server", { method: "POST", path: `/${token}/mcp` });
  const params = { password: "hunter2", config: { a: 1 }, note: `${"a".repeat(40)}b`, echo: "plain-but-secret-value" };
  recorder.message("client-to-server", Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "x", params })));
  for (const line of pem) recorder.stderr(line);
  recorder.stderr("server ready");
  await recorder.close();
  const written = readTraceSync(readFileSync(path, "utf8"));
  expect(written.map((event) => event.seq)).toEqual(beside.map((event) => event.seq));
  expect(JSON.parse(JSON.stringify(beside))).toEqual(written);
  const text = JSON.stringify(written);
  for (const secret of [token, "hunter2", "plain-but-secret-value", "a".repeat(40), ...pem.slice(1, -1)]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain("server ready");
});
