/**
 * 2026-07-28 across replicas, with the official TypeScript SDK v2 at both ends: one SDK v2 client, pinned to
 * 2026-07-28, sends its stateless requests alternately through two gateway replicas — two recording HTTP proxies in
 * front of one SDK v2 server — each exporting its own recording with `--otlp-logs`'s exporter. The client's requests
 * carry W3C trace context in `_meta.traceparent` (as OpenTelemetry's MCP instrumentation propagates it), so `serve`
 * gathers the messages of both replicas' sessions into one conversation, in the client's order, and judges it live
 * as one trace — written and judged as its messages come, long before it is idle — beside each replica's own session.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOtlpLogsExporter } from "@mcp-conf/otel-mapper";
import { fileSink, startHttpProxy } from "@mcp-conf/recorder";
import { SERVERS, startHttpServer } from "@mcp-conf/testing";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, expect, it } from "vitest";
import { type SessionVerdict, startServe, verdictFindings } from "../src/index.js";

const home = mkdtempSync(join(tmpdir(), "mcp-conf-conversation-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const REPO = join(import.meta.dirname, "..", "..", "..");

type Json = Record<string, unknown>;
type Transport = StreamableHTTPClientTransport;

function requestIds(events: TraceEvent[]): unknown[] {
  return events.flatMap((event) => {
    if (event.kind !== "message" || event.direction !== "client-to-server") return [];
    const payload = event.payload as Json;
    return typeof payload.method === "string" && payload.id !== undefined ? [payload.id] : [];
  });
}

/**
 * One client's transport that sends each request through the next replica, with the client's trace context in its
 * `_meta`, as a stateless client behind a load balancer does; answers come back through the replica that carried
 * the request.
 */
class AlternatingTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private turn = 0;

  constructor(private readonly replicas: Transport[]) {
    for (const replica of replicas) {
      replica.onmessage = (message) => this.onmessage?.(message);
      replica.onerror = (error) => this.onerror?.(error);
    }
  }

  async start(): Promise<void> {
    for (const replica of this.replicas) await replica.start();
  }

  send(message: Parameters<Transport["send"]>[0], options?: Parameters<Transport["send"]>[1]): Promise<void> {
    if ("method" in message && "id" in message) {
      const params = (message.params ?? {}) as Json;
      const meta = { ...((params._meta ?? {}) as Json), traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };
      message = { ...message, params: { ...params, _meta: meta } };
    }
    return this.replicas[this.turn++ % this.replicas.length]!.send(message, options);
  }

  setProtocolVersion(version: string): void {
    for (const replica of this.replicas) replica.setProtocolVersion?.(version);
  }

  async close(): Promise<void> {
    for (const replica of this.replicas) await replica.close();
    this.onclose?.();
  }
}

it("one SDK v2 client's requests through two recorders are judged live as one conversation", async () => {
  const verdicts: SessionVerdict[] = [];
  const serve = await startServe({
    stateDir: join(home, "serve"),
    port: 0,
    idleMs: 8000,
    conversationHoldMs: 200,
    onVerdict: (v) => verdicts.push(v),
  });
  const server = await startHttpServer(SERVERS.find((peer) => peer.id === "ts-sdk-v2")!, REPO);
  const replicas = await Promise.all(
    [1, 2].map(async (n) => {
      const exporter = createOtlpLogsExporter({ url: `${serve.url}/v1/logs`, scheduledDelayMillis: 10 });
      const proxy = await startHttpProxy({
        upstream: server.url,
        listen: { host: "127.0.0.1", port: 0 },
        label: `replica-${n}`,
        sinkForSession: ({ session }) => [
          fileSink(join(home, "local", `replica-${n}-{session}.jsonl`), { session }),
          exporter.sink(),
        ],
      });
      return { exporter, proxy };
    }),
  );
  const client = new Client(
    { name: "conversation-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new AlternatingTransport(replicas.map(({ proxy }) => new StreamableHTTPClientTransport(new URL(proxy.url)))),
  );
  await client.listTools();
  for (const message of ["one", "two", "three"]) await client.callTool({ name: "echo", arguments: { message } });
  await client.listPrompts();
  await client.getPrompt({ name: "greeting", arguments: { name: "Ada" } });
  await client.listResources();
  await client.readResource({ uri: "info://about" });
  await client.close();
  for (const { proxy, exporter } of replicas) {
    await proxy.close();
    await exporter.close();
  }
  await server.stop();

  const local = ["replica-1", "replica-2"].map((name) =>
    readTraceSync(readFileSync(join(home, "local", `${name}-stateless-1.jsonl`), "utf8")),
  );
  const fragments = local.map(requestIds);
  expect(fragments[0]!.length).toBeGreaterThan(2);
  expect(fragments[1]!.length).toBeGreaterThan(2);
  const mergedPath = join(home, "serve", "sessions", `w3c-${TRACE_ID}.jsonl`);
  const gathered = () => (existsSync(mergedPath) ? requestIds(readTraceSync(readFileSync(mergedPath, "utf8"))) : []);
  // Live: every request is in the conversation's trace (and judged) while the conversation is far from idle.
  const requests = fragments[0]!.length + fragments[1]!.length;
  for (let i = 0; i < 100 && gathered().length < requests; i++) await new Promise((r) => setTimeout(r, 50));
  expect(gathered()).toHaveLength(requests);
  expect(verdicts.some((v) => v.conversation)).toBe(false);
  for (let i = 0; i < 600 && !verdicts.some((v) => v.conversation); i++) await new Promise((r) => setTimeout(r, 50));
  await serve.close();

  const conversation = verdicts.find((verdict) => verdict.conversation !== undefined);
  expect(conversation).toMatchObject({ session: `w3c-${TRACE_ID}`, complete: true, reason: "idle" });
  // Its messages came from both replicas' sessions, each of which was also judged on its own.
  expect(conversation!.conversation).toHaveLength(2);
  expect(verdicts.filter((verdict) => verdict.conversation === undefined)).toHaveLength(2);
  // One trace holds every request of both, in the order the client sent them, and is judged as validate judges it.
  const merged = readTraceSync(readFileSync(mergedPath, "utf8"));
  const all = requestIds(merged);
  expect([...all].sort()).toEqual([...fragments[0]!, ...fragments[1]!].sort());
  expect(all).toEqual([...all].sort((a, b) => Number(a) - Number(b)));
  const methods = merged.flatMap((event) =>
    event.kind === "message" && event.direction === "client-to-server" ? [(event.payload as Json).method] : [],
  );
  expect(methods.filter((method) => method !== "server/discover")).toEqual([
    "tools/list",
    "tools/call",
    "tools/call",
    "tools/call",
    "prompts/list",
    "prompts/get",
    "resources/list",
    "resources/read",
  ]);
  expect(conversation!.findings).toEqual(verdictFindings(validate(merged)));
}, 60_000);
