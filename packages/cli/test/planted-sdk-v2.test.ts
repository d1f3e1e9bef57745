/**
 * Violations planted in a real server of the official SDK v2 (fixtures/planted-sdk-v2-server.mjs), driven by the SDK
 * v2's own client pinned to 2026-07-28, recorded through `mcp-conf record` over stdio and streamable HTTP, and
 * judged: each planted fact is reported once, under the clause that states it. Over stdio the client probes with
 * server/discover on a separate process (the SDK's documented behaviour), so the session holds no discover: it is
 * judged with the probe session linked to it (the validator's `isProbeOf`, `JudgeOptions.probe`) — by `validate`,
 * `sessions ls` and `show`, and the hub (`open`), each of which also names the one from the other.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readTraceFile, type TraceEvent } from "@mcp-conf/trace-format";
import { isProbeOf, isProbeSession, probeFacts, type Report, validate } from "@mcp-conf/validator";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, exitOf, spawnCli, tempDir, textOf } from "./record-helpers.js";
import { serve, sharedBrowser } from "./view-helpers.js";

const SERVER = fileURLToPath(new URL("fixtures/planted-sdk-v2-server.mjs", import.meta.url));
const dir = tempDir();
afterAll(() => dir.remove());
mkdirSync(join(dir.path, "http"));
/** The stdio sessions are recorded into the state directory's store, as a wrapped client's are. */
const STATE = join(dir.path, "state");
const STORE = join(STATE, "sessions");
const browser = sharedBrowser();

/** Each planted violation, and the one requirement that states it. */
const PLANTED: Record<string, string> = {
  "structured-content": "TOOL-011",
  "result-type": "BASE-038",
  "progress-token": "PROG-005",
  "list-changed": "PROM-013",
  "log-level": "LOG-016",
  "no-input-schema": "TOOL-003",
  "no-ttl": "CACHE-001",
  "before-ack": "SUB-002",
  "empty-input-required": "MRTR-003",
  "unknown-id": "BASE-006",
  "error-code": "BASE-041",
};
/** The server declares logging, which 2026-07-28 deprecates: a true warning of its own, not a plant. */
const DEPRECATED_LOGGING = "DEPR-004";

/** The SDK v2 client's tour: each step may fail on what was planted in its answer; the session goes on. */
async function tour(client: Client): Promise<void> {
  const step = async (run: () => Promise<unknown>) => run().catch(() => undefined);
  await step(() => client.listTools());
  await step(() => client.callTool({ name: "count", arguments: { text: "structured-content" } }));
  for (const text of ["result-type", "progress-token", "log-level", "empty-input-required", "unknown-id", "error-code"])
    await step(() => client.callTool({ name: "echo", arguments: { text } }));
  for (const filter of [{ toolsListChanged: true }, { promptsListChanged: true }]) {
    await step(async () => {
      const subscription = await client.listen(filter);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await subscription.close();
    });
  }
}

const pinned = () =>
  new Client({ name: "planted-test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });

async function read(path: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  for await (const event of readTraceFile(path)) events.push(event);
  return events;
}

async function traces(sub: string): Promise<TraceEvent[][]> {
  const files = readdirSync(join(dir.path, sub)).map((name) => join(dir.path, sub, name));
  return Promise.all(files.map(read));
}

/** Runs `mcp-conf ARGS` in the test's state directory: its exit code, stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = spawnCli(args, dir.path);
  const out = textOf(run.stdout!);
  const err = textOf(run.stderr!);
  const code = await exitOf(run);
  return { code, out: out.text(), err: err.text() };
}

const idOf = (path: string) => path.slice(STORE.length + 1, -".jsonl".length);

/** Requirement id → how many findings its row has, over the rows that failed or warned. */
function findingsByRequirement(report: Report): Record<string, number> {
  const rows = report.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn");
  return Object.fromEntries(rows.map((row) => [row.id, row.findings?.length ?? 0]));
}

/** One finding under each planted requirement (but `except`), and the deprecation warning of the server's logging. */
const expected = (except?: string): Record<string, unknown> => ({
  ...Object.fromEntries(Object.values(PLANTED).flatMap((id) => (id === except ? [] : [[id, 1]]))),
  [DEPRECATED_LOGGING]: expect.any(Number),
});

describe("violations planted in a real SDK v2 server", () => {
  let stdio: { probe: TraceEvent[]; session: TraceEvent[]; sessionPath: string; probePath: string };
  let http: TraceEvent[];

  beforeAll(async () => {
    const client = pinned();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "record", "stdio", "--label", "planted", "--", process.execPath, SERVER, "stdio"],
        env: { ...process.env, MCP_CONF_HOME: STATE } as Record<string, string>,
        stderr: "ignore",
      }),
    );
    await tour(client);
    await client.close();
    await waitFor(() => readdirSync(STORE).length === 2);
    const paths = readdirSync(STORE).map((name) => join(STORE, name));
    const both = await Promise.all(paths.map(read));
    const probe = both.find(isProbeSession)!;
    const session = both.find((events) => events !== probe)!;
    stdio = { probe, session, probePath: paths[both.indexOf(probe)]!, sessionPath: paths[both.indexOf(session)]! };

    const server = spawn(process.execPath, [SERVER, "http"], { stdio: ["ignore", "pipe", "ignore"] });
    const recorder = await recordHttp(await portOf(server));
    try {
      const httpClient = pinned();
      await httpClient.connect(new StreamableHTTPClientTransport(new URL(recorder.url)));
      await tour(httpClient);
      await httpClient.close();
    } finally {
      recorder.child.kill("SIGINT");
      await exitOf(recorder.child);
      server.kill();
    }
    [http] = (await traces("http")) as [TraceEvent[]];
  }, 120_000);

  it("over stdio, the session holds no discover, and its probe is linked to it", () => {
    const methods = stdio.session.flatMap((e) =>
      e.kind === "message" ? [(e.payload as { method?: string }).method] : [],
    );
    expect(methods).not.toContain("server/discover");
    expect(isProbeOf(stdio.probe, stdio.session)).toBe(true);
  });

  it("over stdio, reports each planted violation once, under the clause that states it", () => {
    const report = validate(stdio.session, { probe: probeFacts(stdio.probe) });
    expect(report.revision).toBe("2026-07-28");
    expect(findingsByRequirement(report)).toEqual(expected());
  });

  it("mcp-conf validate of the stdio session finds its probe beside it and judges with it", async () => {
    const { code, out, err } = await cli(["validate", "--format", "json", stdio.sessionPath]);
    expect(code).toBe(1);
    expect(err).toContain(`${stdio.sessionPath}: judged with its probe ${stdio.probePath}`);
    expect(findingsByRequirement(JSON.parse(out) as Report)).toEqual(expected());
    const probe = await cli(["validate", "--format", "json", stdio.probePath]);
    expect(probe.err).toContain(`${stdio.probePath}: the probe of ${stdio.sessionPath}`);
  });

  it("sessions ls and show link the session and its probe, and judge the session with the probe", async () => {
    const [session, probe] = [idOf(stdio.sessionPath), idOf(stdio.probePath)];
    const listed = JSON.parse((await cli(["sessions", "ls", "--format", "json"])).out) as {
      sessions: { id: string; probe?: string; probeOf?: string }[];
    };
    expect(listed.sessions.find((row) => row.id === session)?.probe).toBe(probe);
    expect(listed.sessions.find((row) => row.id === probe)?.probeOf).toBe(session);
    const table = (await cli(["sessions", "ls"])).out;
    expect(table).toMatch(new RegExp(`^${session} .* probe ${probe}$`, "m"));
    expect(table).toMatch(new RegExp(`^${probe} .* probe of ${session}$`, "m"));
    // Judged with the probe's declaration (the undeclared list change is seen only through it), not without.
    const shown = JSON.parse((await cli(["sessions", "show", session, "--format", "json"])).out) as {
      probe?: string;
      judgement: { totals: Report["totals"] };
    };
    expect(shown.probe).toBe(probe);
    expect(shown.judgement.totals).toEqual(validate(stdio.session, { probe: probeFacts(stdio.probe) }).totals);
    expect(shown.judgement.totals).not.toEqual(validate(stdio.session).totals);
  });

  it("the hub's rows link the session and its probe to each other's page", { timeout: 60_000 }, async () => {
    const served = await serve(["open"], { MCP_CONF_HOME: STATE });
    try {
      const w = await browser().open(served.url.href);
      const link = (id: string) => w.page.locator(`#sessions tr[data-id="${id}"] .probe-link`);
      const [session, probe] = [idOf(stdio.sessionPath), idOf(stdio.probePath)];
      await link(session).waitFor();
      expect(await link(session).textContent()).toBe(` · probe ${probe}`);
      expect(await link(probe).textContent()).toBe(` · probe of ${session}`);
      await link(probe).locator("a").click();
      await w.page.waitForURL(new RegExp(`/s/${session}\\?token=`));
    } finally {
      served.child.kill("SIGINT");
      await served.exited;
    }
  });

  it("over stdio without the probe, only the undeclared list change goes unseen (its declaration is in the probe)", () => {
    expect(findingsByRequirement(validate(stdio.session))).toEqual(expected(PLANTED["list-changed"]));
  });

  it("over streamable HTTP, reports each planted violation once, under the clause that states it", () => {
    const report = validate(http);
    expect(report.revision).toBe("2026-07-28");
    expect(findingsByRequirement(report)).toEqual(expected());
  });
});

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

function portOf(server: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    server.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const port = /listening (\d+)/.exec(text)?.[1];
      if (port) resolve(port);
    });
  });
}

async function recordHttp(port: string): Promise<{ child: ChildProcess; url: string }> {
  const output = join(dir.path, "http", "{session}.jsonl");
  const upstream = `http://127.0.0.1:${port}/mcp`;
  const child = spawnCli(["record", "http", "--upstream", upstream, "--listen", "127.0.0.1:0", "-o", output], dir.path);
  child.stdout!.resume();
  const line = await textOf(child.stderr!).waitFor(/proxying http:\/\/\S+\//);
  return { child, url: line.replace(/^.*proxying /, "").trim() };
}
