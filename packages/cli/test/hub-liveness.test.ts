/**
 * The hub under recorders that die (issue 31 item 5), on real recorders: `mcp-conf record stdio` processes wrapping
 * server-everything, driven by the official SDK client, in an isolated state directory, served through
 * `@mcp-conf/export`'s DirectoryHub over `@mcp-conf/gate`'s store (what `mcp-conf open` composes).
 * - A recorder killed with SIGKILL leaves a trace with no end; its session is not "running" (its pid is gone), and
 *   viewing it starts no follower (it was a judge thread per view, never ended).
 * - Pages asking for one running session at once share one follower.
 * - A running session's row moves with its trace without the trace being read again whole.
 * - When the recorder of a followed session is killed, the follower ends (the page gets a judgement).
 */

import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DirectoryHub, type HubSession, type LiveFeed } from "@mcp-conf/export";
import { listStoredSessions, recorderGone, recorderGoneCheck, storedSessionPath } from "@mcp-conf/gate";
import { isolatedHome } from "@mcp-conf/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, EVERYTHING, REPO_ROOT } from "./record-helpers.js";
import { CORPUS } from "./watch-helpers.js";

const home = isolatedHome();
afterAll(() => home.remove());

/** A client whose server runs under `record stdio` (the recorder is the transport's child: its pid is the recorder's). */
async function recordedClient(label: string): Promise<{ client: Client; recorderPid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "record", "stdio", "--label", label, "--", process.execPath, EVERYTHING, "stdio"],
    cwd: REPO_ROOT,
    env: home.env as Record<string, string>,
    stderr: "ignore",
  });
  const client = new Client({ name: `hub-liveness-${label}`, version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  await client.listTools();
  return { client, recorderPid: transport.pid! };
}

function hub(): DirectoryHub {
  return new DirectoryHub({
    store: {
      directory: "sessions",
      list: () => listStoredSessions(home.env),
      path: (id) => storedSessionPath(id, home.env),
      recorderGone,
    },
    followIntervalMs: 20,
  });
}

async function until<T>(what: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function rowOf(h: DirectoryHub, label: string): Promise<HubSession> {
  return until(async () => {
    await h.look();
    return h.list().list.sessions.find((row) => row.label === label);
  });
}

function feedOf(view: Awaited<ReturnType<DirectoryHub["view"]>>): LiveFeed {
  if (!view || !("feed" in view)) throw new Error("not a live page");
  return view.feed;
}

describe("the hub and recorders that die", () => {
  it("a killed recorder's session is not running, and viewing it follows nothing", { timeout: 120_000 }, async () => {
    const killed = await Promise.all(["dead-a", "dead-b", "dead-c"].map((label) => recordedClient(label)));
    const h = hub();
    for (const { recorderPid } of killed) process.kill(recorderPid, "SIGKILL");
    for (const { client } of killed) await client.close().catch(() => {});
    for (const label of ["dead-a", "dead-b", "dead-c"]) {
      const row = await until(async () => {
        const found = await rowOf(h, label);
        return found.running ? undefined : found;
      });
      expect(row.verdict).not.toBe("running");
      // The trace has no end: it is the recorder's pid that says it is over.
      const view = await h.view(row.id);
      expect(view && "document" in view ? view.document.analysis.session.ended : "followed").toBe("open");
    }
    expect(h.following).toBe(0);
    h.close();
  });

  it("a trace from an older recorder (no pid) is over when no process holds it open, running while one does", async () => {
    const sessions = join(home.state, "sessions");
    mkdirSync(sessions, { recursive: true });
    const lines = readFileSync(join(CORPUS, "real", "everything-stdio.jsonl"), "utf8")
      .trimEnd()
      .split("\n");
    lines.pop(); // no transport-close: killed, or still being written
    const old = lines
      .join("\n")
      .replace(/"recorder":\{[^}]*\}/, '"recorder":{"name":"@mcp-conf/recorder","version":"0.1.0"}');
    writeFileSync(join(sessions, "old-gone-1-000000000000.jsonl"), `${old}\n`);
    const held = join(sessions, "old-held-1-000000000000.jsonl");
    writeFileSync(held, `${old}\n`);
    const fd = openSync(held, "a"); // this process stands for its (older) recorder, still writing it
    try {
      const h = new DirectoryHub({
        store: {
          directory: sessions,
          list: () => listStoredSessions(home.env),
          path: (id) => storedSessionPath(id, home.env),
          recorderGone: recorderGoneCheck(),
        },
      });
      await h.look();
      const rows = Object.fromEntries(h.list().list.sessions.map((row) => [row.id, row.running]));
      expect(rows["old-gone-1-000000000000"]).toBe(false);
      expect(rows["old-held-1-000000000000"]).toBe(true);
      h.close();
    } finally {
      closeSync(fd);
    }
  });

  it("shares one follower, moves a row without reading it again, and ends with its recorder", {
    timeout: 120_000,
  }, async () => {
    const live = await recordedClient("live");
    const h = hub();
    const row = await until(async () => {
      const found = await rowOf(h, "live");
      return found.running ? found : undefined;
    });
    const wholeReads = h.wholeReads;
    const views = await Promise.all(Array.from({ length: 5 }, () => h.view(row.id)));
    const feeds = new Set(views.map(feedOf));
    expect(feeds.size).toBe(1);
    expect(h.following).toBe(1);

    const before = row.exchanges ?? 0;
    await live.client.callTool({ name: "echo", arguments: { message: "grows" } });
    await until(async () => {
      await h.look();
      const now = h.list().list.sessions.find((r) => r.id === row.id)!;
      return (now.exchanges ?? 0) > before ? now : undefined;
    });
    expect(h.wholeReads).toBe(wholeReads);
    const [feed] = feeds;
    await until(() =>
      feed!.pageData().analysis.timeline.some((entry) => entry.kind === "call" && entry.method === "tools/call"),
    );

    process.kill(live.recorderPid, "SIGKILL");
    await live.client.close().catch(() => {});
    const ended = await until(async () => {
      await h.look();
      const now = h.list().list.sessions.find((r) => r.id === row.id)!;
      return now.running ? undefined : now;
    });
    expect(ended.verdict).not.toBe("running");
    await until(() => feed!.judgement);
    await until(() => h.following === 0);
    h.close();
  });
});
