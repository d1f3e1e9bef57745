/**
 * The viewer's debugging tools in a real browser (Debian's Chromium through playwright-core), on recorded pages of
 * real server-everything sessions and corpus traces: every token of the filter language and their AND (the table
 * the library's test uses), a filter that does not parse, the timeline's sort and the tables' sort, `?` help with
 * every key and token, the capabilities panel, HTTP rows with status and headers (WWW-Authenticate shown), copy as
 * JSON and as curl, the tools table unclipped at 1440 px with its RESULT column, and `arguments` and a large answer
 * open. With MCP_CONF_SCREENSHOTS=1 it writes docs/images/viewer.png, the README's screenshot.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWER_KEYS } from "../page/keys.js";
import { FILTER_KINDS, FILTER_STATUSES } from "../src/filter.js";
import { collectSession, renderHtml } from "../src/index.js";
import { TestBrowser, type WatchedPage } from "./browser.js";
import { FEATURES, FILTER_CASES, HTTP, STDIO } from "./filter-cases.js";
import { loadCorpus } from "./support.js";

let browser: TestBrowser;
let dir: string;
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-conf-viewer-debugger-"));
  browser = await TestBrowser.launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openTrace(name: string, contextCost = false): Promise<WatchedPage> {
  const { document: session } = await collectSession(loadCorpus(name), { contextCost });
  const file = join(dir, `${name.replace(/\W+/g, "-")}.html`);
  writeFileSync(file, renderHtml(session));
  const watched = await browser.open(pathToFileURL(file).href);
  await watched.page.waitForSelector("#timeline .row");
  return watched;
}

const shownSeqs = (w: WatchedPage) =>
  w.page.$$eval("#timeline .row .seq", (nodes) => nodes.map((n) => Number(n.textContent)));

describe("the viewer as a debugger", { timeout: 120_000 }, () => {
  it("keeps what each filter token and their AND keep, and says what does not parse", async () => {
    const byTrace = new Map<string, typeof FILTER_CASES>();
    for (const c of FILTER_CASES) byTrace.set(c.trace, [...(byTrace.get(c.trace) ?? []), c]);
    for (const [trace, cases] of byTrace) {
      const w = await openTrace(trace);
      for (const { filter, seqs } of cases) {
        await w.page.fill("#search", filter);
        expect({ filter, seqs: await shownSeqs(w) }).toEqual({ filter, seqs });
      }
      if (trace === STDIO) {
        await w.page.fill("#search", "dir:up");
        expect(await w.page.textContent("#filter-error")).toBe("dir: is c2s or s2c, not up");
        await w.page.fill("#search", "");
        expect(await w.page.textContent("#filter-error")).toBe("");
      }
      expect(w.problems).toEqual([]);
      await w.page.close();
    }
  });

  it("opens with the filter export --filter put in its search box", async () => {
    const { document: session } = await collectSession(loadCorpus(STDIO), { contextCost: false });
    const file = join(dir, "filtered.html");
    writeFileSync(file, renderHtml(session, { filter: "tool:get-* status:ok" }));
    const w = await browser.open(pathToFileURL(file).href);
    await w.page.waitForSelector("#timeline .row");
    expect(await w.page.inputValue("#search")).toBe("tool:get-* status:ok");
    expect(await shownSeqs(w)).toEqual([13, 15, 17, 19, 37]);
    await w.page.close();
  });

  it("sorts the timeline and the tables, lists every key and token under ?, and shows the capabilities", async () => {
    // The timeline by latency (a trace with time stamps), slowest last; S reverses; s moves to the next column.
    const timed = await openTrace("good/base-http-everything-concurrent.jsonl");
    await timed.page.click('#timeline-sort [data-sort-key="latency"]');
    const latencies = () =>
      timed.page.$$eval("#timeline .row .latency", (nodes) =>
        nodes.map((n) => Number.parseInt(n.textContent || "-1", 10)),
      );
    const ascending = (await latencies()).filter((n) => n >= 0);
    expect(ascending.length).toBeGreaterThan(3);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await timed.page.locator("#timeline").focus();
    await timed.page.keyboard.press("S");
    const descending = (await latencies()).filter((n) => n >= 0);
    expect(descending[0]).toBe(Math.max(...ascending));
    await timed.page.keyboard.press("s");
    expect(await timed.page.getAttribute('#timeline-sort [data-sort-key="seq"]', "aria-sort")).toBe("descending");
    const seqs = await shownSeqs(timed);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(timed.problems).toEqual([]);
    await timed.page.close();

    const w = await openTrace(STDIO, true);
    await w.page.locator("#timeline").focus();
    // The tools table by its calls column, then the other way.
    const calls = () =>
      w.page.$$eval("#tools-table tbody tr", (rows) => rows.map((r) => Number(r.children[1]!.textContent)));
    await w.page.click("#tools-table th:nth-child(2)");
    const up = await calls();
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await w.page.click("#tools-table th:nth-child(2)");
    const down = await calls();
    expect(down).toEqual([...up].sort((a, b) => b - a));
    expect(down[0]).toBeGreaterThan(0);

    // ? lists every key and every token.
    expect(await w.page.isVisible("#help")).toBe(false);
    await w.page.keyboard.press("?");
    expect(await w.page.isVisible("#help")).toBe(true);
    const help = (await w.page.textContent("#help"))!;
    for (const [key] of VIEWER_KEYS) expect(help).toContain(key);
    for (const token of ["tool:", "method:", "id:", "task:", "dir:c2s|s2c"]) expect(help).toContain(token);
    for (const kind of Object.keys(FILTER_KINDS)) expect(help).toContain(`kind:${kind}`);
    for (const status of Object.keys(FILTER_STATUSES)) expect(help).toContain(`status:${status}`);
    await w.page.keyboard.press("Escape");
    expect(await w.page.isVisible("#help")).toBe(false);

    // c opens the capabilities: each side's declaration, whether it is in effect, how often it was used.
    await w.page.keyboard.press("c");
    expect(await w.page.getAttribute("#capabilities", "open")).not.toBeNull();
    const capability = (name: string) =>
      w.page.$$eval(`#capabilities tr[data-capability="${name}"] td`, (cells) => cells.map((c) => c.textContent));
    expect(await capability("tools")).toEqual([
      "tools",
      "server",
      "–",
      expect.stringContaining("listChanged"),
      "yes",
      "15",
    ]);
    expect(await capability("sampling")).toEqual(["sampling", "client", "{}", "–", "yes", "1"]);
    expect((await capability("completions"))[4]).toBe("yes");
    expect(await w.page.textContent("#negotiated")).toBe("protocol requested 2025-11-25 → negotiated 2025-11-25");
    expect(w.problems).toEqual([]);
    await w.page.close();
  });

  it("marks a capability used without being in effect", async () => {
    const w = await openTrace("violations/log-001-logging-not-declared.jsonl");
    await w.page.click("#capabilities-button");
    expect(await w.page.getAttribute('#capabilities tr[data-capability="logging"]', "class")).toBe("undeclared-use");
    await w.page.close();
  });

  it("shows HTTP frames as rows, each exchange's status and headers, and copies JSON and curl", async () => {
    const w = await openTrace("violations/auth-013-challenge-without-scope.jsonl");
    await w.page.fill("#search", "kind:http");
    expect(await w.page.$$eval("#timeline .row .label", (n) => n.map((x) => x.textContent))).toEqual([
      "HTTP 401 to POST /mcp",
      "HTTP 202 to POST /mcp",
    ]);
    await w.page.click("#timeline .row >> nth=0");
    expect(await w.page.textContent("#http .http-status")).toBe("401");
    const challenge = w.page.locator("#http tr.challenge");
    expect(await challenge.locator("th").textContent()).toBe("www-authenticate");
    expect(await challenge.locator("td").textContent()).toMatch(/^Bearer /);
    await w.page.close();

    const h = await openTrace(HTTP);
    await h.page.fill("#search", "tool:echo");
    await h.page.click("#timeline .row >> nth=0");
    expect(await h.page.textContent("#http .facts")).toBe("POST /mcp → 200");
    expect(
      await h.page.locator('#http [data-headers="request headers"] th', { hasText: "mcp-session-id" }).count(),
    ).toBe(1);
    await h.page.click("#copy-exchange");
    await h.page.locator("#note", { hasText: "copied the exchange" }).waitFor();
    const copied = JSON.parse(await h.page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.request.params.name).toBe("echo");
    expect(copied.response.result.content[0].text).toMatch(/^Echo: /);
    await h.page.click("#copy-curl");
    await h.page.locator("#note", { hasText: "copied curl" }).waitFor();
    const curl = await h.page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toMatch(/^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/mcp' \\\n/);
    expect(curl).toContain("-H 'mcp-session-id: ");
    expect(curl).toContain(`--data-raw '${JSON.stringify(copied.request)}'`);
    // The keys do the same: y the exchange as JSON, u the curl command.
    await h.page.locator("#timeline").focus();
    await h.page.keyboard.press("y");
    await h.page.waitForFunction(() => navigator.clipboard.readText().then((text) => text.startsWith("{")));
    expect(JSON.parse(await h.page.evaluate(() => navigator.clipboard.readText()))).toEqual(copied);
    await h.page.keyboard.press("u");
    await h.page.waitForFunction(() => navigator.clipboard.readText().then((text) => text.startsWith("curl ")));
    expect(await h.page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
    expect(h.problems).toEqual([]);
    await h.page.close();
  });

  it("keeps the tools table whole at 1440 px with its RESULT column, and opens arguments and a large answer", async () => {
    const w = await openTrace(FEATURES, true);
    await w.page.setViewportSize({ width: 1440, height: 900 });
    const clipped = await w.page.evaluate(() => {
      const aside = document.querySelector("aside")!.getBoundingClientRect();
      const last = document.querySelector("#tools-table thead th:last-child")!.getBoundingClientRect();
      return {
        asideRight: aside.right,
        lastRight: last.right,
        head: document.querySelector("#tools-table thead")!.textContent,
      };
    });
    expect(clipped.head).toContain("result");
    expect(clipped.lastRight).toBeLessThanOrEqual(clipped.asideRight);
    const result = await w.page.getAttribute(
      '#tools-table tr[data-name="trigger-long-running-operation"] .cost-result',
      "title",
    );
    expect(result ?? "").toMatch(/^1 result\(s\), \d+ tokens; heaviest at seq \d+$/);
    expect(await w.page.textContent("#cost-parts")).toMatch(
      /^Tool definitions: descriptions \d+, schemas \d+, the rest \d+ tokens\. Tool results in this session: \d+ tokens; the heaviest single result \d+\.$/,
    );

    await w.page.fill("#search", "tool:trigger-long-running-operation");
    await w.page.click("#timeline .row >> nth=0");
    const argumentsNode = w.page.locator("#detail details.json-node", {
      has: w.page.locator(':scope > summary .json-key:text-is("arguments: ")'),
    });
    expect(await argumentsNode.first().getAttribute("open")).not.toBeNull();
    await w.page.fill("#search", "method:tools/list");
    await w.page.click("#timeline .row >> nth=0");
    const tools = w.page.locator("#recorded-answer details.json-node", {
      has: w.page.locator(':scope > summary .json-key:text-is("tools: ")'),
    });
    expect(await tools.first().getAttribute("open")).not.toBeNull();
    expect(await tools.first().locator(":scope > details").count()).toBeGreaterThan(12);
    expect(w.problems).toEqual([]);
    await w.page.close();
  });

  it("makes the README's screenshot of a real session", async () => {
    const w = await openTrace(STDIO, true);
    await w.page.setViewportSize({ width: 1440, height: 900 });
    await w.page.fill("#search", "method:tools/call");
    await w.page.click('#timeline .row[data-status="tool-error"]');
    expect(await w.page.textContent("#detail h2")).toBe("tools/call no-such-tool");
    if (process.env.MCP_CONF_SCREENSHOTS === "1") {
      await w.page.screenshot({ path: join(REPO_ROOT, "docs", "images", "viewer.png") });
    }
    await w.page.close();
  });
});
