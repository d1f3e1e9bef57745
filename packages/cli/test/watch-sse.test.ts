/**
 * `mcp-conf watch http` over the HTTP+SSE transport of 2024-11-05, with real peers: the official SDK client's
 * SSEClientTransport, asking for 2024-11-05, talks to server-everything's `sse` mode through the proxy, which
 * detects the transport by the stream's endpoint event; the session is judged live at 2024-11-05, its transport
 * clauses included, and Ctrl-C ends the watch with its report and trace.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readTraceSync } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

describe("watch http, HTTP+SSE (2024-11-05)", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp("sse");
  });
  afterAll(async () => {
    await everything.stop();
  });

  it("judges an SDK SSE session through the proxy live, at 2024-11-05, with its transport clauses", async () => {
    const child = spawnCli(
      [
        "watch",
        "http",
        "--all",
        "--upstream",
        everything.url,
        "--listen",
        "127.0.0.1:0",
        "-o",
        join(dir.path, "{session}.jsonl"),
      ],
      dir.path,
    );
    child.stdout!.resume();
    const err = textOf(child.stderr!);
    const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");

    const { Client, SSEClientTransport } = await sdk();
    const transport = new SSEClientTransport(new URL(url));
    // The SDK asks for its latest revision; a 2024-11-05 host is played by asking for that one instead.
    const send = transport.send.bind(transport);
    transport.send = (message: { method?: string; params?: object }, options?: unknown) =>
      send(
        message.method === "initialize"
          ? { ...message, params: { ...message.params, protocolVersion: "2024-11-05" } }
          : message,
        options,
      );
    const client = new Client({ name: "watch-sse-test", version: "1.0.0" });
    await client.connect(transport);
    expect(client.getServerVersion()).toBeDefined();
    await client.listTools();
    const echo = await client.callTool({ name: "echo", arguments: { message: "through watch, over SSE" } });
    expect(echo.content).toEqual([{ type: "text", text: "Echo: through watch, over SSE" }]);
    await client.close();
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);

    const text = err.text();
    expect(text.match(/^MCP trace validation — revision 2024-11-05$/gm)).toHaveLength(1);
    expect(text).toMatch(/^ {2}PASS {2}TRAN-055 \(MUST\)$/m);
    expect(text).toMatch(/^ {2}PASS {2}TRAN-056 \(MUST\)$/m);
    expect(text).toMatch(/^verdict: pass$/m);
    expect(text).toMatch(/^mcp-conf watch: \d+ exchange\(s\); findings so far: 0 fail, 0 warn$/m);
    const events = readTraceSync(readFileSync(join(dir.path, "sse-1.jsonl"), "utf8"));
    expect(events.every((e) => e.transport === "sse")).toBe(true);
    expect(events.find((e) => e.kind === "http" && e.endpoint !== undefined)).toMatchObject({ endpoint: "/message" });
  }, 90_000);
});
