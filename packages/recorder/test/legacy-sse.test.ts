/**
 * The 2024-11-05 HTTP+SSE transport through the proxy, against server-everything's `sse` mode driven by the
 * official SDK's SSEClientTransport: the endpoint event is the one thing rewritten (server-everything names
 * `/message`, which the client, resolving it against the proxy's root, would otherwise send to `/sse/message`),
 * every POST reaches the upstream through the proxy, and the stream and its POSTs are one session, in order.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { afterAll, describe, expect, it } from "vitest";
import { callbackSink, type SessionOpening, startHttpProxy } from "../src/index.js";
import { assertWellOrdered, startEverythingHttp } from "./helpers.js";

describe("HTTP proxy: the HTTP+SSE transport of 2024-11-05", () => {
  const stops: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it("an SDK SSE client talks to server-everything through the proxy; one sse session per stream, endpoint recorded", async () => {
    const server = await startEverythingHttp("sse");
    stops.push(server.stop);
    const sessions = new Map<string, TraceEvent[]>();
    const openings: SessionOpening[] = [];
    const errors: string[] = [];
    const proxy = await startHttpProxy({
      upstream: server.url,
      listen: { port: 0 },
      onError: (message) => errors.push(message),
      sinkForSession: (opening) => {
        openings.push(opening);
        const events: TraceEvent[] = [];
        sessions.set(opening.session, events);
        return callbackSink((event) => {
          events.push(event);
        });
      },
    });
    stops.push(() => proxy.close());

    const endpoints: string[] = [];
    const transport = new SSEClientTransport(new URL(proxy.url));
    const client = new Client({ name: "legacy-sse-test", version: "1.0.0" });
    await client.connect(transport);
    const tools = await client.listTools();
    const echo = await client.callTool({ name: "echo", arguments: { message: "through the proxy" } });
    endpoints.push(String((transport as unknown as { _endpoint?: URL })._endpoint));
    await client.close();
    await proxy.close();

    expect(tools.tools.map((t) => t.name)).toContain("echo");
    expect(echo.content).toEqual([{ type: "text", text: "Echo: through the proxy" }]);
    // The client posted to the proxy (same origin as the stream), at the path the proxy announced.
    expect(endpoints[0]).toMatch(new RegExp(`^${proxy.url.replace(/\/$/, "")}/`));
    expect(errors).toEqual([]);

    expect(openings).toEqual([{ session: "sse-1", stateless: false, transport: "sse" }]);
    const events = sessions.get("sse-1")!;
    assertWellOrdered(events);
    expect(new Set(events.map((e) => e.transport))).toEqual(new Set(["sse"]));
    const http = events.filter((e) => e.kind === "http");
    expect(http[0]).toMatchObject({ direction: "client-to-server", method: "GET", path: "/sse" });
    expect(http[1]).toMatchObject({ direction: "server-to-client", status: 200, endpoint: "/message" });
    expect(http[1]!.kind === "http" && http[1]!.headers?.["content-type"]).toMatch(/^text\/event-stream/);
    const posts = http.filter((e) => e.kind === "http" && e.direction === "client-to-server" && e.method === "POST");
    expect(posts.length).toBeGreaterThanOrEqual(4); // initialize, initialized, tools/list, tools/call
    for (const post of posts) expect(post).toMatchObject({ path: "/message" });
    const methods = events.flatMap((e) =>
      e.kind === "message" && e.direction === "client-to-server" ? [(e.payload as { method?: string }).method] : [],
    );
    expect(methods.slice(0, 4)).toEqual(["initialize", "notifications/initialized", "tools/list", "tools/call"]);
    const answers = events.filter(
      (e) => e.kind === "message" && e.direction === "server-to-client" && "result" in (e.payload as object),
    );
    expect(answers.length).toBeGreaterThanOrEqual(3);
    // No non-JSON line: the endpoint event is recorded on the stream's response, not as a message.
    expect(events.filter((e) => e.kind === "raw")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
  }, 60_000);
});
