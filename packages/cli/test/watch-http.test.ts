/**
 * `mcp-conf watch http` with real peers: the official SDK client talks to server-everything through the proxy, the
 * session is judged as it runs, and Ctrl-C ends the watch with each session's report, tally and trace.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

describe("watch http", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything.stop();
  });

  it("judges each MCP session through the proxy and reports each one when stopped", async () => {
    const output = join(dir.path, "{session}.jsonl");
    const child = spawnCli(
      ["watch", "http", "--upstream", everything.url, "--listen", "127.0.0.1:0", "-o", output],
      dir.path,
    );
    child.stdout!.resume();
    const err = textOf(child.stderr!);
    const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");

    const { Client, StreamableHTTPClientTransport } = await sdk();
    for (let session = 0; session < 2; session++) {
      const client = new Client({ name: "watch-http-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      await client.listTools();
      await client.callTool({ name: "echo", arguments: { message: "through watch" } });
      await client.close();
    }
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);

    const text = err.text();
    expect(text.match(/^MCP trace validation — revision 2025-11-25$/gm)).toHaveLength(2);
    expect(text.match(/^verdict: /gm)).toHaveLength(2);
    expect(
      text.match(/^mcp-conf watch: \d+ exchange\(s\); findings so far: \d+ fail, \d+ warn$/gm)?.length,
    ).toBeGreaterThanOrEqual(2);
    expect(text.match(/^mcp-conf watch: trace written to \S+ \(\d+ events\)$/gm)).toHaveLength(2);
    expect(text).not.toContain("cannot judge");
  }, 60_000);

  it("says an HTTP error status the moment it passes, with the header that explains it", async () => {
    const child = spawnCli(
      ["watch", "http", "--upstream", everything.url, "--listen", "127.0.0.1:0", "-o", join(dir.path, "refused.jsonl")],
      dir.path,
    );
    child.stdout!.resume();
    const err = textOf(child.stderr!);
    const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");
    const refused = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(400);
    // Live: printed while the watch still runs, before any report.
    expect(await err.waitFor(/^mcp-conf watch: HTTP 400 from the server at seq \d+$/m)).toBeTruthy();
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
  }, 60_000);
});
