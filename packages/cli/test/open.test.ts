/**
 * `mcp-conf open TRACE` in a real browser (Debian's Chromium): a real recorded server-everything session, named by
 * its session id, is served on 127.0.0.1 in the viewer with its verdict, no console error and no request elsewhere;
 * the server refuses a missing or wrong token, a foreign Host and a foreign Origin; hostile trace content stays inert
 * text; `--browser` hands the address to $BROWSER; bad input is one line with its exit code; Ctrl-C exits 0.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collectSession } from "@mcp-conf/export";
import { hostileSession } from "@mcp-conf/testing";
import { readTraceFile, serializeEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";
import { refusals, serve, sharedBrowser, statusOf } from "./view-helpers.js";
import { CORPUS, tempDir } from "./watch-helpers.js";

const REAL = join(CORPUS, "real", "everything-stdio.jsonl");

const browser = sharedBrowser();

describe("open TRACE", { timeout: 120_000 }, () => {
  it("serves a recorded session, named by its id, in the viewer and refuses foreign requests", async () => {
    const home = tempDir();
    mkdirSync(join(home, "sessions"), { recursive: true });
    copyFileSync(REAL, join(home, "sessions", "everything-4242-0123456789ab.jsonl"));
    const { document } = await collectSession(readTraceFile(REAL), { contextCost: false });
    const judgement = document.judgement as { verdict: string };

    const served = await serve(["open", "everything-4242-0123456789ab"], { MCP_CONF_HOME: home });
    expect(served.stderr()).toMatch(/^mcp-conf open: \S+everything-4242-0123456789ab\.jsonl at http:\/\/127\.0\.0\.1:/);
    expect(served.url.searchParams.get("token")).toMatch(/^[0-9a-f]{32}$/);
    expect(await refusals(served.url)).toEqual([403, 403, 403, 403]);
    expect(await statusOf(Number(served.url.port), `/${served.url.search}`)).toBe(200);

    const w = await browser().open(served.url.href);
    await w.page.waitForSelector("#timeline .row");
    const total = document.analysis.timeline.length;
    expect(await w.page.textContent("#count")).toBe(`${total} of ${total}`);
    expect(await w.page.locator("header .verdict").textContent()).toMatch(new RegExp(`^${judgement.verdict} · `));
    await w.page.fill("#search", "echo");
    await w.page.locator("#count", { hasText: new RegExp(`^\\d+ of ${total}$`) }).waitFor();
    expect(Number((await w.page.textContent("#count"))!.split(" of ")[0])).toBeLessThan(total);
    expect(w.problems).toEqual([]);
    expect(w.requests).toEqual([served.url.href]);
    await w.page.close();

    served.child.kill("SIGINT");
    expect(await served.exited).toBe(0);
  });

  it("--redact-secrets and --redact-key apply to what the page serves, as export applies them", async () => {
    const trace = join(REPO_ROOT, "packages", "cli", "test", "fixtures", "check", "secret-in-arguments.jsonl");
    const token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    const page = async (args: string[]) => {
      const served = await serve(["open", trace, ...args]);
      const body = await (await fetch(served.url.href)).text();
      served.child.kill("SIGINT");
      expect(await served.exited).toBe(0);
      return body;
    };
    expect(await page([])).toContain(token);
    const redacted = await page(["--redact-secrets", "--redact-key", "repository"]);
    expect(redacted).not.toContain(token);
    expect(redacted).toContain("[redacted:secret:");
    expect(redacted).toContain("[redacted:key:repository]");
  });

  it("renders hostile trace content as inert text", async () => {
    const trace = join(tempDir(), "hostile.jsonl");
    writeFileSync(
      trace,
      hostileSession()
        .map((event) => `${serializeEvent(event)}\n`)
        .join(""),
    );
    const served = await serve(["open", trace]);
    const w = await browser().open(served.url.href);
    await w.page.waitForSelector("#timeline .row");
    await w.page.selectOption("#filter-status", "tool-error");
    await w.page.click("#timeline .row");
    expect(await w.page.locator("#timeline .row .label").first().textContent()).toContain(
      "<script>window.__pwned=1</script><img src=x onerror=",
    );
    expect(await w.page.locator("h1").textContent()).toContain("<img src=x");
    expect(await w.page.locator("#detail").textContent()).toContain("\u001b[31mRED");
    expect(await w.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await w.page.locator("img").count()).toBe(0);
    expect(await w.page.locator("script").count()).toBe(2);
    expect(w.problems).toEqual([]);
    await w.page.close();
    served.child.kill("SIGTERM");
    expect(await served.exited).toBe(0);
  });

  it("--browser hands the address to $BROWSER through a private page, never on its command line", async () => {
    const dir = tempDir();
    const opened = join(dir, "opened.txt");
    const fakeBrowser = join(dir, "browser.sh");
    // Records its arguments, the mode of the page it was given and the page itself.
    writeFileSync(
      fakeBrowser,
      `#!/bin/sh\nf="\${1#file://}"\n{ printf '%s\\n' "$@"; stat -c '%a' "$f"; cat "$f"; } > ${JSON.stringify(`${opened}.part`)}\nmv ${JSON.stringify(`${opened}.part`)} ${JSON.stringify(opened)}\n`,
      { mode: 0o755 },
    );
    const served = await serve(["open", REAL, "--browser"], { BROWSER: fakeBrowser });
    const deadline = Date.now() + 30_000;
    let text = "";
    while (Date.now() < deadline) {
      try {
        text = readFileSync(opened, "utf8");
        break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [argument, mode, ...page] = text.split("\n");
    expect(argument).toMatch(/^file:\/\/\/.+\/open\.html$/);
    expect(argument).not.toContain(served.url.searchParams.get("token")!);
    expect(mode).toBe("600");
    expect(page.join("\n")).toContain(served.url.href.replace(/&/g, "&amp;"));
    served.child.kill("SIGINT");
    expect(await served.exited).toBe(0);
  });

  it("says in one line what is wrong with the invocation or the trace", async () => {
    const dir = tempDir();
    const malformed = join(dir, "malformed.jsonl");
    writeFileSync(malformed, "{not json\n");
    const missing = await mcpConf(["open", join(dir, "missing.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mcp-conf: open: \S+missing\.jsonl: no such file or directory\n$/);
    const bad = await mcpConf(["open", malformed]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^mcp-conf: open: \S+malformed\.jsonl: line 1: invalid JSON/);
    const port = await mcpConf(["open", malformed, "--port", "70000"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toBe('mcp-conf: open: --port takes a port number (0-65535), not "70000"\n');
  });
});
