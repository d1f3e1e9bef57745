/**
 * `mcp-conf open` with no TRACE, the hub, in a real browser (Debian's Chromium): two servers each wrapped by their
 * client in its own `watch stdio` (the official SDK client driving server-everything, as a desktop client's MCP
 * configuration runs them) and one session recorded earlier all appear in one tab with no set-up but the shared
 * state directory; a running session's exchange count grows as its client calls tools; its page follows it live
 * and gets the verdict when the client closes; the list then shows the verdict. A hostile label stays text. The hub refuses a missing or wrong
 * token, a foreign Host and a foreign Origin on every route.
 */
import { copyFileSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostileSession } from "@mcp-conf/testing";
import { serializeEvent } from "@mcp-conf/trace-format";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { EVERYTHING } from "./record-helpers.js";
import { BIN, REPO_ROOT } from "./validate-helpers.js";
import { refusals, serve, sharedBrowser } from "./view-helpers.js";
import { CORPUS, tempDir } from "./watch-helpers.js";

/** A client that starts its server under `watch stdio`, as a wrapped MCP configuration entry does. */
async function wrappedClient(label: string, home: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "watch", "stdio", "--quiet", "--label", label, "--", process.execPath, EVERYTHING, "stdio"],
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), MCP_CONF_HOME: home },
    stderr: "ignore",
  });
  const client = new Client({ name: `hub-test-${label}`, version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  return client;
}

const browser = sharedBrowser();

describe("open (the hub)", () => {
  it("shows every session of the state directory in one tab, the running ones live", { timeout: 180_000 }, async () => {
    const home = tempDir();
    mkdirSync(join(home, "sessions"), { recursive: true });
    const earlier = join(home, "sessions", "earlier-1-000000000000.jsonl");
    copyFileSync(join(CORPUS, "real", "everything-stdio.jsonl"), earlier);
    utimesSync(earlier, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    const hostile = join(home, "sessions", "hostile-1-000000000000.jsonl");
    writeFileSync(
      hostile,
      hostileSession()
        .map((event) => `${serializeEvent(event)}\n`)
        .join(""),
    );
    utimesSync(hostile, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));

    const served = await serve(["open"], { MCP_CONF_HOME: home });
    expect(served.stderr()).toContain(`mcp-conf open: the sessions in ${join(home, "sessions")} at http://127.0.0.1:`);
    const alpha = await wrappedClient("alpha", home);
    const beta = await wrappedClient("beta", home);

    const w = await browser().open(served.url.href);
    const row = (label: string) => w.page.locator("#sessions tr.session", { hasText: label });
    await row("alpha").and(w.page.locator(".running")).waitFor();
    await row("beta").and(w.page.locator(".running")).waitFor();
    expect(await row("everything").locator(".verdict").textContent()).toBe("pass");
    expect(await w.page.locator("#sessions tr.session").count()).toBe(4);
    // The hostile session's label is the trace's text, shown as text.
    expect(await w.page.locator('#sessions tr[data-id="hostile-1-000000000000"] .label').textContent()).toContain(
      "<script>window.__pwned=1</script><img src=x onerror=",
    );
    expect(await w.page.locator("img").count()).toBe(0);
    expect(await w.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    const alphaId = (await row("alpha").getAttribute("data-id"))!;
    for (const path of ["/", "/events", `/s/${alphaId}`, `/s/${alphaId}/events`]) {
      expect(await refusals(served.url, path)).toEqual([403, 403, 403, 403]);
    }

    // The list follows alpha's trace as it grows.
    const before = Number(await row("alpha").locator(".exchanges").textContent());
    await alpha.callTool({ name: "echo", arguments: { message: "seen in the hub" } });
    await expect
      .poll(async () => Number(await row("alpha").locator(".exchanges").textContent()), { timeout: 30_000 })
      .toBeGreaterThan(before);

    // Alpha's page follows it live, then gets the verdict when its client closes.
    await row("alpha").locator("a").click();
    await w.page.locator("#timeline .row", { hasText: "tools/call echo" }).waitFor();
    expect(await w.page.locator("header .verdict").textContent()).toBe("judging live");
    await alpha.callTool({ name: "echo", arguments: { message: "second call, live" } });
    await w.page.locator("#timeline .row", { hasText: "tools/call echo" }).nth(1).waitFor();
    await alpha.close();
    await w.page.locator("header .verdict", { hasText: /^(pass|fail)/ }).waitFor({ timeout: 30_000 });

    await w.page.click("#back");
    await row("alpha")
      .locator(".verdict", { hasText: /^(pass|fail)/ })
      .waitFor({ timeout: 30_000 });
    expect(await row("beta").locator(".verdict").textContent()).toBe("running");
    await beta.close();
    await row("beta")
      .locator(".verdict", { hasText: /^(pass|fail)/ })
      .waitFor({ timeout: 30_000 });

    expect(w.problems).toEqual([]);
    expect(w.requests.every((url) => url.startsWith(`http://127.0.0.1:${served.url.port}/`))).toBe(true);
    await w.page.close();
    served.child.kill("SIGINT");
    expect(await served.exited).toBe(0);
  });
});
