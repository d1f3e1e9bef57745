/**
 * The live view's debugging tools in a real browser (Debian's Chromium through playwright-core), its server fed a
 * real recorded session event by event as a watch feeds it: a call turns "cancelled" as soon as its
 * notifications/cancelled arrives, before the session ends; pause holds the updates and resume applies them; follow
 * keeps the newest row in view, and off it the list stays where it is; a recorded request replayed against a live
 * server-everything (a fresh process of it) shows its answer beside the recorded one, and one recorded over HTTP is
 * answered by server-everything at its streamable-HTTP endpoint; replay is a token- and origin-checked POST, and a
 * recorded trace's page has none.
 */
import { request } from "node:http";
import { EVERYTHING } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingHttp } from "../../cli/test/record-helpers.js";
import { collectSession, LiveFeed, replayerFor, ViewerServer } from "../src/index.js";
import { TestBrowser } from "./browser.js";
import { FEATURES, HTTP, STDIO } from "./filter-cases.js";
import { loadCorpus } from "./support.js";

let browser: TestBrowser;
const source: { feed: LiveFeed } = { feed: new LiveFeed() };
let live: ViewerServer;
let recorded: ViewerServer;

beforeAll(async () => {
  browser = await TestBrowser.launch();
  live = await ViewerServer.start(source, {
    intervalMs: 50,
    replay: replayerFor({ command: [process.execPath, EVERYTHING, "stdio"] }),
  });
  const { document } = await collectSession(loadCorpus(STDIO), { contextCost: false });
  recorded = await ViewerServer.start({ document });
}, 60_000);

afterAll(async () => {
  await live?.close();
  await recorded?.close();
  await browser?.close();
});

/** A POST as a page (or anything else) would send it: the status it gets. */
function post(
  server: ViewerServer,
  path: string,
  headers: Record<string, string>,
  body = '{"seq":13}',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path, method: "POST", headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const feedUpTo = (events: TraceEvent[], feed: LiveFeed, from: number, seq: number) => {
  let at = from;
  while (at < events.length && events[at]!.seq <= seq) feed.observe(events[at++]!);
  return at;
};

/** The seq of the feed's newest timeline entry: the row a following list shows last. */
const newest = (feed: LiveFeed) => feed.pageData().analysis.timeline.at(-1)!.seq;

describe("the live view", { timeout: 120_000 }, () => {
  it("shows a cancelled call cancelled at once, pauses, resumes and follows", async () => {
    const events = loadCorpus(FEATURES);
    const feed = new LiveFeed();
    source.feed = feed;
    let at = feedUpTo(events, feed, 0, 19);
    const w = await browser.open(live.url);
    const row = (seq: number) => w.page.locator("#timeline .row", { has: w.page.locator(`.seq:text-is("${seq}")`) });
    await row(19).and(w.page.locator('[data-status="pending"]')).waitFor();
    at = feedUpTo(events, feed, at, 20);
    await row(19).and(w.page.locator('[data-status="cancelled"]')).waitFor();
    expect(await row(19).locator(".status").textContent()).toBe("cancelled");

    // Paused, the list holds still while updates arrive; resumed, it takes them all in.
    await w.page.locator("#timeline").focus();
    await w.page.keyboard.press("p");
    expect(await w.page.getAttribute("#pause", "aria-pressed")).toBe("true");
    const countBefore = await w.page.textContent("#count");
    at = feedUpTo(events, feed, at, 40);
    await w.page.locator("#pause", { hasText: /^resume \([1-9]\d* held\)$/ }).waitFor();
    expect(await w.page.textContent("#count")).toBe(countBefore);
    await w.page.keyboard.press("p");
    await row(newest(feed)).waitFor();
    expect(await w.page.textContent("#pause")).toBe("pause");

    // Following (the default), the newest row is in view; not following, the list stays at the top.
    expect(await w.page.getAttribute("#follow", "aria-pressed")).toBe("true");
    at = feedUpTo(events, feed, at, 70);
    const followed = newest(feed);
    await row(followed).waitFor();
    await w.page.keyboard.press("f");
    expect(await w.page.getAttribute("#follow", "aria-pressed")).toBe("false");
    await w.page.evaluate(() => {
      document.getElementById("timeline")!.scrollTop = 0;
    });
    const last = events.at(-1)!.seq;
    feedUpTo(events, feed, at, last);
    const total = (await collectSession(events, { contextCost: false })).document.analysis.timeline.length;
    await w.page.locator("#count", { hasText: ` of ${total}` }).waitFor();
    expect(await w.page.evaluate(() => document.getElementById("timeline")!.scrollTop)).toBe(0);
    expect(await row(followed).count()).toBe(0);
    expect(w.problems).toEqual([]);
    await w.page.close();
  });

  it("replays a recorded request against a live server-everything and shows both answers", async () => {
    const events = loadCorpus(STDIO);
    const feed = new LiveFeed();
    source.feed = feed;
    for (const event of events) feed.observe(event);
    const w = await browser.open(live.url);
    await w.page.fill("#search", "tool:get-sum");
    await w.page.click("#timeline .row >> nth=0");
    const recordedText = await w.page.textContent("#recorded-answer");
    expect(recordedText).toContain("The sum of");
    expect(await w.page.locator("#replayed-answer").count()).toBe(0);
    await w.page.click("#replay");
    await w.page.locator("#replayed-answer h3", { hasText: /^replayed answer · \d+ ms$/ }).waitFor({ timeout: 60_000 });
    const replayedText = (await w.page.textContent("#replayed-answer"))!;
    const answerOf = (text: string) => /text: "(The sum of [^"]*)"/.exec(text)?.[1];
    expect(answerOf(replayedText)).toBeDefined();
    expect(answerOf(replayedText)).toBe(answerOf(recordedText!));
    expect(w.problems).toEqual([]);

    // Only this page may ask: the token, its own Origin and JSON are all required.
    const token = new URL(live.url).searchParams.get("token")!;
    const own = `http://127.0.0.1:${live.port}`;
    const json = { "content-type": "application/json", host: `127.0.0.1:${live.port}` };
    expect(await post(live, `/replay?token=${token}`, json)).toBe(403);
    expect(await post(live, `/replay?token=${token}`, { ...json, origin: "http://rebound.example" })).toBe(403);
    expect(await post(live, `/replay?token=${"0".repeat(32)}`, { ...json, origin: own })).toBe(403);
    expect(await post(live, `/replay?token=${token}`, { ...json, "content-type": "text/plain", origin: own })).toBe(
      415,
    );
    expect(await post(live, `/replay?token=${token}`, { ...json, origin: own }, '{"seq":999999}')).toBe(404);
    await w.page.close();
  });

  it("offers no replay on a recorded trace, and refuses one", async () => {
    const w = await browser.open(recorded.url);
    await w.page.fill("#search", "tool:get-sum");
    await w.page.click("#timeline .row >> nth=0");
    await w.page.locator("#recorded-answer").waitFor();
    expect(await w.page.locator("#replay").count()).toBe(0);
    const token = new URL(recorded.url).searchParams.get("token")!;
    const headers = {
      "content-type": "application/json",
      host: `127.0.0.1:${recorded.port}`,
      origin: `http://127.0.0.1:${recorded.port}`,
    };
    expect(await post(recorded, `/replay?token=${token}`, headers)).toBe(404);
    await w.page.close();
  });

  it("replays a request recorded over HTTP in a new session at the upstream", async () => {
    const server = await startEverythingHttp();
    try {
      const { document } = await collectSession(loadCorpus(HTTP), { contextCost: false });
      const calls = document.analysis.timeline.filter((e) => e.kind === "call");
      const initialize = calls.find((c) => c.kind === "call" && c.method === "initialize")!;
      const sum = calls.find((c) => c.kind === "call" && c.target === "get-sum")!;
      if (initialize.kind !== "call" || sum.kind !== "call") throw new Error("not calls");
      const answer = (await replayerFor({ upstream: server.url }).replay(initialize.request, sum.request)) as {
        id: unknown;
        result: { content: { text: string }[] };
      };
      const recordedAnswer = sum.response as { result: { content: { text: string }[] } };
      expect(answer.id).toBe(sum.id);
      expect(answer.result.content[0]!.text).toBe(recordedAnswer.result.content[0]!.text);
    } finally {
      await server.stop();
    }
  });
});
