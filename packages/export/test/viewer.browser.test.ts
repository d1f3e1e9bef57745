/**
 * The HTML viewer in a real browser (Debian's Chromium through playwright-core), on real recorded server-everything
 * sessions and on corpus violation traces: it loads with no console error and no request beyond the file itself;
 * search and every filter narrow the list; a finding shows at its exchange with its spec sentence; a hostile
 * payload stays inert text; and a 10,000-exchange session opens in under 2 s (of the page's renderer CPU time) and scrolls.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectSession, renderHtml } from "../src/index.js";
import { TestBrowser, type WatchedPage } from "./browser.js";
import { hostileSession, loadCorpus } from "./support.js";

let browser: TestBrowser;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-conf-viewer-"));
  browser = await TestBrowser.launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openSession(name: string, events: TraceEvent[]): Promise<WatchedPage & { url: string }> {
  const { document: session } = await collectSession(events);
  const file = join(dir, `${name.replace(/\W+/g, "-")}.html`);
  writeFileSync(file, renderHtml(session));
  const url = pathToFileURL(file).href;
  const watched = await browser.open(url);
  await watched.page.waitForSelector("#timeline .row");
  return { ...watched, url };
}

const shownCount = async (w: WatchedPage) => Number((await w.page.textContent("#count"))!.split(" of ")[0]);
const rowLabels = (w: WatchedPage) =>
  w.page.$$eval("#timeline .row .label", (nodes) => nodes.map((n) => n.textContent ?? ""));

describe("the HTML viewer", { timeout: 90_000 }, () => {
  for (const name of [
    "real/everything-stdio.jsonl",
    "real/everything-http.jsonl",
    "violations/tool-006-name-charset.jsonl",
    "violations/canc-007-response-after-cancel.jsonl",
  ]) {
    it(`opens ${name} with no console error and no request but the file`, async () => {
      const w = await openSession(name, loadCorpus(name));
      const total = Number((await w.page.textContent("#count"))!.split(" of ")[1]);
      expect(total).toBeGreaterThan(0);
      await w.page.keyboard.press("j");
      await w.page.waitForSelector("#detail h2");
      expect(w.problems).toEqual([]);
      expect(w.requests).toEqual([w.url]);
      await w.page.close();
    });
  }

  it("narrows the list by search and by each filter", async () => {
    const w = await openSession("stdio-filters", loadCorpus("real/everything-stdio.jsonl"));
    const all = await shownCount(w);
    await w.page.fill("#search", "get-sum");
    expect(await shownCount(w)).toBeLessThan(all);
    expect(await shownCount(w)).toBeGreaterThan(0);
    expect(await rowLabels(w)).toContain("tools/call get-sum");
    await w.page.fill("#search", "");
    expect(await shownCount(w)).toBe(all);

    await w.page.selectOption("#filter-method", "tools/call");
    expect((await rowLabels(w)).every((label) => label.startsWith("tools/call "))).toBe(true);
    expect(await shownCount(w)).toBe(10);
    await w.page.selectOption("#filter-method", "");
    await w.page.selectOption("#filter-tool", "echo");
    expect(await rowLabels(w)).toEqual(["tools/call echo"]);
    await w.page.selectOption("#filter-tool", "");
    await w.page.selectOption("#filter-status", "tool-error");
    expect(await rowLabels(w)).toEqual(["tools/call no-such-tool"]);
    await w.page.selectOption("#filter-status", "");
    await w.page.selectOption("#filter-side", "server-to-client");
    const arrows = await w.page.$$eval("#timeline .row .dir", (nodes) => nodes.map((n) => n.textContent));
    expect(arrows.length).toBeLessThan(all);
    expect(new Set(arrows)).toEqual(new Set(["←"]));
    expect(w.problems).toEqual([]);
    await w.page.close();
  });

  it("shows a finding at its exchange with level, requirement, spec sentence and link, and filters by level", async () => {
    const w = await openSession("tool-006", loadCorpus("violations/tool-006-name-charset.jsonl"));
    await w.page.selectOption("#filter-level", "warn");
    expect(await rowLabels(w)).toEqual(["tools/list"]);
    await w.page.selectOption("#filter-level", "fail");
    expect(await shownCount(w)).toBe(0);
    await w.page.selectOption("#filter-level", "");
    await w.page.click("#timeline .row.has-warn");
    const finding = w.page.locator("#detail .finding").first();
    await expect(finding.textContent()).resolves.toContain("TOOL-006 (SHOULD)");
    await expect(finding.locator(".finding-quote").textContent()).resolves.toBe(
      "The following SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)",
    );
    await expect(finding.locator("a").getAttribute("href")).resolves.toBe(
      "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
    );
    await expect(w.page.locator("#findings summary").allTextContents()).resolves.toEqual([
      "WARN TOOL-006 (SHOULD) × 1",
    ]);
    expect(w.problems).toEqual([]);
    await w.page.close();
  });

  it("renders a hostile payload as inert text", async () => {
    const w = await openSession("hostile", hostileSession());
    await w.page.fill("#search", "evil");
    await w.page.click("#timeline .row >> nth=0");
    await w.page.selectOption("#filter-status", "tool-error");
    await w.page.click("#timeline .row");
    const labels = await rowLabels(w);
    expect(labels[0]).toContain("<script>window.__pwned=1</script><img src=x onerror=");
    expect(await w.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await w.page.locator("img").count()).toBe(0);
    expect(await w.page.locator("script").count()).toBe(2);
    expect(await w.page.locator("#detail").textContent()).toContain("\u001b[31mRED");
    expect(await w.page.locator("h1").textContent()).toContain("<img src=x");
    expect(w.problems).toEqual([]);
    expect(w.requests).toEqual([w.url]);
    await w.page.close();
  });

  // How much CPU the page takes to open is bench/export's viewer figure (target under 2 s): a bound here is timing.
  it("opens a 10,000-exchange session with only the rows in view in the page, and scrolls it", async () => {
    const events = loadCorpus("real/everything-stdio.jsonl").filter(
      (e) => e.kind !== "lifecycle" || e.event === "transport-open",
    );
    let seq = events.at(-1)!.seq;
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    for (let i = 0; i < 10_000; i++) {
      const id = 1000 + i;
      const at = (ms: number) => new Date(start + i * 10 + ms).toISOString();
      events.push({
        seq: ++seq,
        direction: "client-to-server",
        transport: "stdio",
        kind: "message",
        ts: at(0),
        payload: {
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "echo", arguments: { message: `m${i}` } },
        },
      });
      events.push({
        seq: ++seq,
        direction: "server-to-client",
        transport: "stdio",
        kind: "message",
        ts: at(1 + (i % 7)),
        payload: { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: `Echo: m${i}` }] } },
      });
    }
    const { document: session } = await collectSession(events, { contextCost: false });
    const file = join(dir, "big.html");
    writeFileSync(file, renderHtml(session));
    const w = await browser.open(pathToFileURL(file).href);
    await w.page.waitForSelector("#timeline .row");
    expect(await w.page.textContent("#count")).toMatch(/^\d+ of \d+$/);
    expect(await shownCount(w)).toBeGreaterThan(10_000);
    expect(await w.page.locator("#timeline .row").count()).toBeLessThan(100);
    await w.page.evaluate(() => {
      const viewport = document.getElementById("timeline")!;
      viewport.scrollTop = viewport.scrollHeight / 2;
    });
    await w.page.waitForFunction(() =>
      Array.from(document.querySelectorAll("#timeline .row .seq")).some((n) => Number(n.textContent) > 9000),
    );
    await w.page.keyboard.press("End");
    await w.page.waitForFunction(() => document.querySelector("#detail h2")?.textContent === "tools/call echo");
    expect(w.problems).toEqual([]);
    await w.page.close();
  });
});
