/**
 * `watch stdio --ui` over a real session — the official SDK client driving server-everything through the built
 * `mcp-conf` — with the page open in Debian's Chromium while the session runs: an exchange and a live finding appear
 * before the session ends, the report's verdict after; and the server refuses a wrong token, a foreign Host and a
 * foreign Origin; a recorded call replayed from the page reaches the watched command. With MCP_CONF_SCREENSHOTS=1 it writes docs/images/watch-ui.png, the manual's screenshot.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { EVERYTHING } from "./record-helpers.js";
import { BIN, REPO_ROOT } from "./validate-helpers.js";
import { sharedBrowser, statusOf } from "./view-helpers.js";
import { tempDir } from "./watch-helpers.js";

const browser = sharedBrowser();

describe("watch --ui", () => {
  it("shows a running session live, with its finding, and refuses foreign requests", { timeout: 120_000 }, async () => {
    const trace = join(tempDir(), "trace.jsonl");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        BIN,
        "watch",
        "stdio",
        "--ui",
        "--label",
        "everything",
        "-o",
        trace,
        "--",
        process.execPath,
        EVERYTHING,
        "stdio",
      ],
      cwd: REPO_ROOT,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const client = new Client({ name: "watch-ui-test", version: "1.0.0" }, { capabilities: {} });
    client.onerror = () => {};
    await client.connect(transport);
    const deadline = Date.now() + 20_000;
    while (!/live view at (\S+)/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = new URL(/live view at (\S+)/.exec(stderr)![1]!);
    const port = Number(url.port);
    const token = url.searchParams.get("token")!;
    expect(url.hostname).toBe("127.0.0.1");
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    expect(await statusOf(port, `/?token=${token}`)).toBe(200);
    expect(await statusOf(port, "/")).toBe(403);
    expect(await statusOf(port, `/?token=${"0".repeat(32)}`)).toBe(403);
    expect(await statusOf(port, `/events?token=x${token.slice(1)}`)).toBe(403);
    expect(await statusOf(port, `/?token=${token}`, { host: `rebound.example:${port}` })).toBe(403);
    expect(await statusOf(port, `/?token=${token}`, { origin: "http://rebound.example" })).toBe(403);
    expect(await statusOf(port, `/?token=${token}`, { origin: `http://127.0.0.1:${port}` })).toBe(200);

    const w = await browser().open(url.href);
    // Waits by locator: the page's CSP forbids evaluating strings, and this package's tests are not compiled for the DOM.
    await w.page.locator("#timeline .row .label", { hasText: /^initialize$/ }).waitFor();
    await client.callTool({ name: "echo", arguments: { message: "hello from the live view test" } });
    await w.page.locator('#timeline .row[data-status="ok"]', { hasText: "tools/call echo" }).waitFor();
    // Replay sends the recorded echo again to the watched command (a fresh process of it), beside the recorded answer.
    await w.page.locator('#timeline .row[data-status="ok"]', { hasText: "tools/call echo" }).click();
    await w.page.click("#replay");
    await w.page
      .locator("#replayed-answer", { hasText: "Echo: hello from the live view test" })
      .waitFor({ timeout: 30_000 });
    expect(await w.page.locator("#recorded-answer").textContent()).toContain("Echo: hello from the live view test");
    // A ping that reuses the initialize request's id: the specification forbids it, so the live judge finds it.
    await transport.send({ jsonrpc: "2.0", id: 0, method: "ping" });
    await w.page.waitForSelector("#timeline .row.has-fail", { timeout: 20_000 });
    const finding = await w.page.locator("#findings summary").first().textContent();
    expect(finding).toMatch(/^FAIL [A-Z]+-\d{3} \(MUST( NOT)?\)/);
    expect(await w.page.locator("header .verdict").textContent()).toBe("judging live");
    if (process.env.MCP_CONF_SCREENSHOTS === "1") {
      await w.page.click("#timeline .row.has-fail");
      await w.page.screenshot({ path: join(REPO_ROOT, "docs", "images", "watch-ui.png") });
    }

    await client.close();
    await w.page.locator("header .verdict", { hasText: /^fail/ }).waitFor({ timeout: 30_000 });
    expect(w.problems).toEqual([]);
    expect(w.requests.every((requested) => requested.startsWith(`http://127.0.0.1:${port}/`))).toBe(true);
    expect(stderr).toContain("mcp-conf watch: FAIL");
  });
});
