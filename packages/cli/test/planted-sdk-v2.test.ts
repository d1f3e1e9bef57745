/**
 * Violations planted in a real server of the official SDK v2 (fixtures/planted-sdk-v2-server.mjs), driven by the SDK
 * v2's own client pinned to 2026-07-28, recorded through `mcp-conf record` over stdio and streamable HTTP, and
 * judged: each planted fact is reported once, under the clause that states it. Over stdio the client probes with
 * server/discover on a separate process (the SDK's documented behaviour), so the session holds no discover: it is
 * judged with the probe session linked to it (the validator's `isProbeOf`, `JudgeOptions.probe`).
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

const SERVER = fileURLToPath(new URL("fixtures/planted-sdk-v2-server.mjs", import.meta.url));
const dir = tempDir();
afterAll(() => dir.remove());
for (const sub of ["stdio", "http"]) mkdirSync(join(dir.path, sub));

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
    const output = join(dir.path, "stdio", "{session}.jsonl");
    const client = pinned();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "record", "stdio", "--label", "planted", "-o", output, "--", process.execPath, SERVER, "stdio"],
        env: { ...process.env, MCP_CONF_HOME: join(dir.path, "state") } as Record<string, string>,
        stderr: "ignore",
      }),
    );
    await tour(client);
    await client.close();
    await waitFor(() => readdirSync(join(dir.path, "stdio")).length === 2);
    const paths = readdirSync(join(dir.path, "stdio")).map((name) => join(dir.path, "stdio", name));
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
    const run = spawnCli(["validate", "--format", "json", stdio.sessionPath], dir.path);
    const out = textOf(run.stdout!);
    const err = textOf(run.stderr!);
    expect(await exitOf(run)).toBe(1);
    expect(err.text()).toContain(`${stdio.sessionPath}: judged with its probe ${stdio.probePath}`);
    expect(findingsByRequirement(JSON.parse(out.text()) as Report)).toEqual(expected());
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
