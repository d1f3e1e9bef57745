/**
 * `serve`'s receiving side against what a real exporter and a misbehaving client send: the OTLP logs exporter
 * (`--otlp-logs`, protobuf and JSON, gzip) through to a verdict, a retried batch changing nothing, records out of
 * order, a body that is no OTLP request, a client told to back off, and an idle session finalised incomplete.
 * One serve for the file, in this process; sessions are hand-made trace events (a fault no real peer produces:
 * retries, reordering and loss are the point).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createOtlpLogsExporter, eventAttributes } from "@mcp-conf/otel-mapper";
import { serializeEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Serve, type SessionVerdict, startServe, verdictFindings } from "../src/index.js";

const home = mkdtempSync(join(tmpdir(), "mcp-conf-serve-"));
const verdicts = new Map<string, SessionVerdict>();
let serve: Serve;

beforeAll(async () => {
  serve = await startServe({
    stateDir: home,
    port: 0,
    instance: "test",
    idleMs: 300,
    maxInFlightBytes: 256 * 1024,
    onVerdict: (verdict) => verdicts.set(verdict.session, verdict),
  });
});

afterAll(async () => {
  await serve.close();
  rmSync(home, { recursive: true, force: true });
});

/** A short session: open, initialize exchange, a tool call answered, close. */
function session(id: string): TraceEvent[] {
  const base = { transport: "stdio" as const };
  return [
    {
      ...base,
      seq: 0,
      direction: "client-to-server",
      kind: "lifecycle",
      event: "transport-open",
      meta: { label: "unit", session: id },
    },
    {
      ...base,
      seq: 1,
      direction: "client-to-server",
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } },
      },
    },
    {
      ...base,
      seq: 2,
      direction: "server-to-client",
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "s", version: "1" } },
      },
    },
    {
      ...base,
      seq: 3,
      direction: "client-to-server",
      kind: "message",
      payload: { jsonrpc: "2.0", method: "notifications/initialized" },
    },
    {
      ...base,
      seq: 4,
      direction: "client-to-server",
      kind: "message",
      payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope" } },
    },
    // The answer to a tools/call with an id it never got: a finding the trace shows.
    {
      ...base,
      seq: 5,
      direction: "server-to-client",
      kind: "message",
      payload: { jsonrpc: "2.0", id: 9, result: { content: [] } },
    },
    { ...base, seq: 6, direction: "client-to-server", kind: "lifecycle", event: "transport-close" },
  ] as TraceEvent[];
}

/** An OTLP JSON logs request carrying `events` of `id`, as the JSON exporter writes one. */
function jsonRequest(id: string, events: TraceEvent[]): string {
  const logRecords = events.map((event) => ({
    timeUnixNano: "0",
    body: { stringValue: serializeEvent(event) },
    attributes: Object.entries(eventAttributes(event, id, "unit")).map(([key, value]) => ({
      key,
      value: typeof value === "number" ? { intValue: String(value) } : { stringValue: value },
    })),
  }));
  return JSON.stringify({ resourceLogs: [{ resource: {}, scopeLogs: [{ scope: {}, logRecords }] }] });
}

/** A protobuf ExportLogsServiceRequest of `bytes` bytes holding only an unknown field (15, varint 0) again and again. */
function unknownFields(bytes: number): Buffer {
  return Buffer.from(new Uint8Array(bytes).map((_, i) => (i % 2 === 0 ? 0x78 : 0)));
}

async function post(body: string | Buffer, headers: Record<string, string>) {
  const response = await fetch(`${serve.url}/v1/logs`, { method: "POST", headers, body });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
}

async function verdictOf(id: string): Promise<SessionVerdict> {
  for (let i = 0; i < 200 && !verdicts.has(id); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  const verdict = verdicts.get(id);
  if (!verdict) throw new Error(`no verdict for ${id}`);
  return verdict;
}

describe("serve's OTLP/HTTP receiver", () => {
  it.each(["http/protobuf", "http/json"] as const)(
    "judges what the logs exporter sends (%s, gzip)",
    async (protocol) => {
      const id = `exporter-${protocol.replace("/", "-")}`;
      const exporter = createOtlpLogsExporter({
        url: `${serve.url}/v1/logs`,
        protocol,
        gzip: true,
        scheduledDelayMillis: 10,
      });
      const sink = exporter.sink({ session: id, label: "unit" });
      for (const event of session(id)) sink.write(event);
      await sink.close();
      await exporter.close();
      expect(sink.written).toBe(7);
      expect(sink.dropped).toBe(0);
      const verdict = await verdictOf(id);
      expect(verdict).toMatchObject({ complete: true, reason: "closed", events: 7, missing: 0, label: "unit" });
      expect(verdict.findings).toEqual(verdictFindings(validate(session(id))));
      expect(verdict.findings.length).toBeGreaterThan(0);
      const trace = readFileSync(join(home, "sessions", `${id}.jsonl`), "utf8");
      expect(trace).toBe(
        session(id)
          .map((event) => `${serializeEvent(event)}\n`)
          .join(""),
      );
    },
  );

  it("puts records back in seq order and ignores a retried batch", async () => {
    const id = "reordered";
    const events = session(id);
    const json = { "content-type": "application/json" };
    expect((await post(jsonRequest(id, [events[3]!, events[1]!]), json)).status).toBe(200);
    expect((await post(jsonRequest(id, [events[0]!, events[2]!]), json)).status).toBe(200);
    expect((await post(jsonRequest(id, [events[0]!, events[2]!]), json)).status).toBe(200); // the retry
    const gzipped = gzipSync(jsonRequest(id, events.slice(4)));
    expect((await post(gzipped, { ...json, "content-encoding": "gzip" })).status).toBe(200);
    const verdict = await verdictOf(id);
    expect(verdict).toMatchObject({ complete: true, events: 7 });
    expect(verdict.findings).toEqual(verdictFindings(validate(events)));
    // Late: the whole session again, after its verdict.
    expect((await post(jsonRequest(id, events), json)).status).toBe(200);
    expect(serve.stats()).toMatchObject({ duplicates: 2 });
    expect(serve.stats().late).toBeGreaterThanOrEqual(7);
  });

  it("finalises an idle session that never closed as incomplete", async () => {
    const id = "idle";
    await post(jsonRequest(id, session(id).slice(0, 3)), { "content-type": "application/json" });
    const verdict = await verdictOf(id);
    expect(verdict).toMatchObject({ complete: false, reason: "idle", events: 3 });
    expect(verdict.capture?.complete).toBe(false);
  });

  it("counts records that carry no trace event as rejected (partial success)", async () => {
    const body = JSON.stringify({
      resourceLogs: [{ scopeLogs: [{ logRecords: [{ body: { stringValue: "hello" } }] }] }],
    });
    const answer = await post(body, { "content-type": "application/json" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ partialSuccess: { rejectedLogRecords: "1" } });
  });

  it("answers 400, 413 and 415 as OTLP/HTTP says", async () => {
    expect((await post(Buffer.from([0x0a, 0xff]), { "content-type": "application/x-protobuf" })).status).toBe(400);
    expect((await post("{", { "content-type": "application/json" })).status).toBe(400);
    expect((await post("x", { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(Buffer.alloc(300 * 1024), { "content-type": "application/x-protobuf" })).status).toBe(413);
  });

  it("tells a client to retry later (429, Retry-After) while other bodies fill its budget", async () => {
    // A slow sender: 150 KiB of a 200 KiB body on the wire, the rest held back.
    const slow = http.request(`${serve.url}/v1/logs`, {
      method: "POST",
      headers: { "content-type": "application/x-protobuf", "content-length": String(200 * 1024) },
    });
    const slowAnswer = new Promise<number>((resolve) =>
      slow.on("response", (response) => resolve(response.statusCode ?? 0)),
    );
    slow.write(unknownFields(150 * 1024));
    let busy = await post(unknownFields(150 * 1024), { "content-type": "application/x-protobuf" });
    for (let i = 0; i < 40 && busy.status !== 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      busy = await post(unknownFields(150 * 1024), { "content-type": "application/x-protobuf" });
    }
    expect(busy).toMatchObject({ status: 429, retryAfter: "1" });
    slow.end(unknownFields(50 * 1024));
    expect(await slowAnswer).toBe(200);
    // The budget is free again.
    expect((await post(unknownFields(150 * 1024), { "content-type": "application/x-protobuf" })).status).toBe(200);
  });
});
