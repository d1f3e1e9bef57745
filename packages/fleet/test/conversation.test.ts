/**
 * 2026-07-28 across replicas: one stateless client's requests alternate between two gateway replicas — two
 * recording HTTP proxies in front of one 2026-07-28 server — each exporting its own recording with `--otlp-logs`'s
 * exporter. The client propagates W3C trace context in `_meta.traceparent` (as OpenTelemetry's MCP instrumentation
 * does), so `serve` gathers the messages of both replicas' sessions into one conversation, in the client's order, and
 * judges it live as one trace — written and judged as its messages come, long before it is idle — beside each
 * replica's own session.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOtlpLogsExporter } from "@mcp-conf/otel-mapper";
import { fileSink, startHttpProxy } from "@mcp-conf/recorder";
import { modernHttpTransport, runModernTour, startModernHttpServer } from "@mcp-conf/testing";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { afterAll, expect, it } from "vitest";
import { type SessionVerdict, startServe, verdictFindings } from "../src/index.js";

const home = mkdtempSync(join(tmpdir(), "mcp-conf-conversation-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

type Json = Record<string, unknown>;

function requestIds(events: TraceEvent[]): unknown[] {
  return events.flatMap((event) => {
    if (event.kind !== "message" || event.direction !== "client-to-server") return [];
    const payload = event.payload as Json;
    return typeof payload.method === "string" && payload.id !== undefined ? [payload.id] : [];
  });
}

it("one client's requests through two recorders are judged as one conversation", async () => {
  const verdicts: SessionVerdict[] = [];
  const serve = await startServe({
    stateDir: join(home, "serve"),
    port: 0,
    idleMs: 8000,
    conversationHoldMs: 200,
    onVerdict: (v) => verdicts.push(v),
  });
  const server = await startModernHttpServer(0);
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
      return { exporter, proxy, transport: modernHttpTransport(proxy.url) };
    }),
  );
  let turn = 0;
  await runModernTour({
    // Each request goes to the next replica, carrying the client's trace context.
    request(message, options) {
      const params = (message.params ?? {}) as Json;
      const meta = { ...((params._meta ?? {}) as Json), traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` };
      const replica = replicas[turn++ % replicas.length]!;
      return replica.transport.request({ ...message, params: { ...params, _meta: meta } }, options);
    },
    async close() {},
  });
  for (const { proxy, exporter, transport } of replicas) {
    await transport.close();
    await proxy.close();
    await exporter.close();
  }
  await server.close();
  const local = ["replica-1", "replica-2"].map((name) =>
    readTraceSync(readFileSync(join(home, "local", `${name}-stateless-1.jsonl`), "utf8")),
  );
  const fragments = local.map(requestIds);
  const mergedPath = join(home, "serve", "sessions", `w3c-${TRACE_ID}.jsonl`);
  const gathered = () => (existsSync(mergedPath) ? requestIds(readTraceSync(readFileSync(mergedPath, "utf8"))) : []);
  // Live: every request is in the conversation's trace (and judged) while it is far from idle.
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
  expect(fragments[0]!.length).toBeGreaterThan(0);
  expect(fragments[1]!.length).toBeGreaterThan(0);
  // One trace holds every request of both, in the order the client sent them, and is judged as validate judges it.
  const merged = readTraceSync(readFileSync(mergedPath, "utf8"));
  const all = requestIds(merged);
  expect([...all].sort()).toEqual([...fragments[0]!, ...fragments[1]!].sort());
  expect(all).toEqual([...all].sort((a, b) => Number(a) - Number(b)));
  expect(conversation!.findings).toEqual(verdictFindings(validate(merged)));
}, 60_000);
