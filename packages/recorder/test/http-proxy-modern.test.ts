/**
 * The HTTP proxy on a 2026-07-28 session: our modern peer client drives our modern peer server through it (the
 * official SDK v2 sends no Base64-encoded Mcp-Param header and no rejection on demand; the peer does both), and the
 * trace keeps every header the 2026 checks read — MCP-Protocol-Version, Mcp-Method,
 * Mcp-Name, each Mcp-Param-* (a Base64-encoded one verbatim) and the status of each rejection — and never a
 * credential header; a redaction rule that hides an argument hides its Mcp-Param mirror too, Base64 or not.
 */

import { type ModernHttpServer, modernHttpTransport, runModernTour, startModernHttpServer } from "@mcp-conf/testing";
import { encodeHeaderValue, type HttpEvent, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callbackSink, compileRedaction, type Redactor, startHttpProxy } from "../src/index.js";

const CREDENTIALS = {
  authorization: "Bearer opaque-credential-1234",
  cookie: "sid=cookie-5678",
  "x-api-key": "k-9012",
};

/** Runs the tour through a proxy (with `redact`, if given) and returns the single stateless session's events. */
async function recordTour(upstream: string, redact?: Redactor): Promise<{ events: TraceEvent[]; sessions: number }> {
  const sessions = new Map<string, TraceEvent[]>();
  const proxy = await startHttpProxy({
    upstream,
    listen: { host: "127.0.0.1", port: 0 },
    redact,
    sinkForSession: (opening) => {
      const events: TraceEvent[] = [];
      sessions.set(opening.session, events);
      return callbackSink((e) => {
        events.push(e);
      });
    },
  });
  const transport = modernHttpTransport(proxy.url, CREDENTIALS);
  const seen = await runModernTour(transport);
  await transport.close();
  await proxy.close();
  expect(seen.weather?.[0]).toMatchObject({ result: { resultType: "complete" } });
  return { events: [...sessions.values()].flat(), sessions: sessions.size };
}

const requestHeaders = (events: TraceEvent[], method: string) =>
  events.filter(
    (e): e is HttpEvent =>
      e.kind === "http" && e.direction === "client-to-server" && e.headers?.["mcp-method"] === method,
  );

describe("HTTP proxy: a 2026-07-28 session", () => {
  let server: ModernHttpServer;
  beforeAll(async () => {
    server = await startModernHttpServer();
  });
  afterAll(() => server.close());

  it("keeps every routing header the 2026 checks read, verbatim, and no credential header", async () => {
    const { events, sessions } = await recordTour(server.url);
    expect(sessions).toBe(1);
    const [weather] = requestHeaders(events, "tools/call");
    expect(weather?.headers).toMatchObject({
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "get_weather",
      "mcp-param-region": "us-west1",
      "mcp-param-city": encodeHeaderValue("Köln"),
      "mcp-param-days": "3",
    });
    expect(requestHeaders(events, "resources/read")[0]?.headers?.["mcp-name"]).toBe("file:///project/config.json");
    expect(requestHeaders(events, "server/discover")).toHaveLength(1);
    const statuses = events.filter((e): e is HttpEvent => e.kind === "http" && e.direction === "server-to-client");
    expect(statuses.map((e) => e.status)).toEqual(expect.arrayContaining([200, 404, 400]));
    // The cancelled call: its response stream closed by the client, recorded as such.
    expect(events.some((e) => e.kind === "lifecycle" && e.event === "transport-abort")).toBe(true);
    const text = JSON.stringify(events);
    for (const [name, value] of Object.entries(CREDENTIALS)) {
      expect(text).not.toContain(value);
      expect(events.some((e) => e.kind === "http" && e.headers?.[name] !== undefined)).toBe(false);
    }
  });

  it("hides the Mcp-Param mirror of an argument a rule hides, and a secret inside a Base64-encoded value", async () => {
    const { events } = await recordTour(server.url, compileRedaction({ keys: ["city"], values: ["us-west[0-9]"] }));
    const [weather] = requestHeaders(events, "tools/call");
    expect(weather?.redacted).toBe(true);
    expect(weather?.headers?.["mcp-param-city"]).toBe("[redacted:key:city]");
    expect(weather?.headers?.["mcp-param-region"]).toBe("[redacted:value:1]");
    const body = events[events.indexOf(weather!) + 1];
    expect(JSON.stringify(body)).not.toMatch(/Köln|us-west1/);
    expect(JSON.stringify(events)).not.toContain(encodeHeaderValue("Köln"));
  });
});
