/**
 * `mcp-conf watch http` as a gateway runs it: sessions judged on one judge pool, each reported once, when it ends —
 * on DELETE, when its client closes, after the idle timeout — and not at stop; and a response the proxy made
 * itself (a 502 while the upstream could not be reached) is held against neither peer. The upstream is
 * server-everything behind a relay that resets new connections while told to: the fault no real server shows on
 * demand.
 */

import { readFileSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { readTraceSync } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** A TCP relay to `target` that resets every new connection while `failing`. */
async function faultyRelay(target: URL): Promise<{ url: string; failing: boolean; close(): void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (relay.failing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const relay = {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    failing: false,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
  return relay;
}

/** initialize, initialized and one call by plain POSTs, as a client that never opens a GET stream does. */
async function postOnlySession(url: string): Promise<void> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const post = async (message: object) => {
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(message) });
    await response.text();
    return response;
  };
  const initialized = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "post-only", version: "1.0.0" } },
  });
  headers["mcp-session-id"] = initialized.headers.get("mcp-session-id")!;
  headers["mcp-protocol-version"] = "2025-06-18";
  await post({ jsonrpc: "2.0", method: "notifications/initialized" });
  await post({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "echo", arguments: { message: "quiet" } },
  });
}

describe("watch http as a gateway", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything.stop();
  });

  async function watch(upstream: string, extra: string[]) {
    const output = join(dir.path, "{session}.jsonl");
    const child = spawnCli(
      ["watch", "http", "--upstream", upstream, "--listen", "127.0.0.1:0", "-o", output, ...extra],
      dir.path,
    );
    child.stdout!.resume();
    const err = textOf(child.stderr!);
    const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");
    return { child, err, url };
  }

  it("reports each session once, as it ends: DELETE, the client's close, the idle timeout", async () => {
    const { child, err, url } = await watch(everything.url, ["--judge-threads", "1", "--session-idle-timeout", "1"]);
    const { Client, StreamableHTTPClientTransport } = await sdk();
    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: "watch-gateway-test", version: "1.0.0" });
      await client.connect(transport);
      await client.callTool({ name: "echo", arguments: { message: "through the pool" } });
      return { client, transport };
    };
    const verdicts = () => err.text().match(/^verdict: /gm)?.length ?? 0;
    const deleted = await connect();
    await deleted.transport.terminateSession();
    await expect.poll(verdicts, { timeout: 10_000 }).toBe(1);
    await deleted.client.close();
    const closed = await connect();
    await closed.client.close();
    await expect.poll(verdicts, { timeout: 10_000 }).toBe(2);
    // A client that only posts (no GET stream, which would keep its session alive) and then goes quiet.
    await postOnlySession(url);
    await expect.poll(verdicts, { timeout: 10_000 }).toBe(3);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    expect(verdicts()).toBe(3);
    expect(err.text()).toContain("mcp-conf watch: 3 session(s) ended, each judged once");
    expect(err.text().match(/^mcp-conf watch: trace written to \S+ \(\d+ events\)$/gm)).toHaveLength(3);
  }, 60_000);

  it("holds a 502 the proxy made against neither the client nor the server", async () => {
    const relay = await faultyRelay(new URL(everything.url));
    const { child, err, url } = await watch(relay.url, ["--all"]);
    const { Client, StreamableHTTPClientTransport } = await sdk();
    const client = new Client({ name: "watch-gateway-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await client.listTools();
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the proxy's idle upstream connections close
    relay.failing = true;
    await expect(client.callTool({ name: "echo", arguments: { message: "lost" } })).rejects.toThrow(
      /: mcp-conf watch: the upstream \S+ cannot be reached/,
    );
    relay.failing = false;
    await client.callTool({ name: "echo", arguments: { message: "served" } });
    await client.close();
    await err.waitFor(/^verdict: .*$/m);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    relay.close();
    const text = err.text();
    const trace = /trace written to (\S+) /.exec(text)![1]!;
    const events = readTraceSync(readFileSync(trace, "utf8"));
    expect(
      events.filter((e) => e.kind === "http" && e.proxy === true).map((e) => e.kind === "http" && e.status),
    ).toEqual([502]);
    expect(text).not.toMatch(/^\s*(FAIL|WARN) /m);
  }, 60_000);
});
