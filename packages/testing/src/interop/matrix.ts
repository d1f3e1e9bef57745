/**
 * The interop matrix: every client configuration of the catalogue against every server, over stdio and (where the
 * server has it) streamable HTTP, each session recorded through the built CLI's `mcp-conf record` and the traces
 * judged by its `validate`. A cell's revision is the one the judged traces negotiated.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, CLIENTS, type ClientPeer, SERVERS, type ServerPeer } from "../peers/catalogue.js";
import { exited, freePort, type RunningHttpServer, run, startHttpServer, waitForPort } from "../peers/launch.js";
import { judgeTraces, type TraceJudgement } from "./judge.js";

export type Transport = "stdio" | "http";

export interface Cell {
  client: string;
  server: string;
  transport: Transport;
  /** The client ended well (exit 0); else `refusal` holds the last line it printed. */
  connected: boolean;
  refusal?: string;
  /** One per recorded session (an SDK v2 stdio client that probes starts the server twice). */
  traces: TraceJudgement[];
}

const CLIENT_TIMEOUT_MS = 120_000;

function lastLine(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("mcp-conf record:"));
  return lines.at(-1) ?? "(nothing printed)";
}

async function recordStdio(client: ClientPeer, server: ServerPeer, dir: string) {
  const wrapped = [process.execPath, CLI, "record", "stdio", "-o", join(dir, "trace.jsonl"), "--", ...server.stdio];
  return run(client.argv(server.call, ["--stdio", ...wrapped]), { cwd: dir, timeoutMs: CLIENT_TIMEOUT_MS });
}

async function recordHttp(client: ClientPeer, server: ServerPeer, upstream: RunningHttpServer, dir: string) {
  const port = await freePort();
  const proxy = spawn(
    process.execPath,
    [
      CLI,
      "record",
      "http",
      "--upstream",
      upstream.url,
      "--listen",
      `127.0.0.1:${port}`,
      "-o",
      join(dir, "{session}.jsonl"),
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "ignore"] },
  );
  try {
    await waitForPort(port);
    return await run(client.argv(server.call, ["--http", `http://127.0.0.1:${port}/`]), {
      cwd: dir,
      timeoutMs: CLIENT_TIMEOUT_MS,
    });
  } finally {
    proxy.kill("SIGINT");
    await exited(proxy);
  }
}

async function runCell(
  client: ClientPeer,
  server: ServerPeer,
  transport: Transport,
  work: string,
  upstream?: RunningHttpServer,
): Promise<{ cell: Cell; files: string[] }> {
  const dir = join(work, `${client.id}--${server.id}--${transport}`.replace(/[^a-z0-9.-]+/gi, "_"));
  mkdirSync(dir, { recursive: true });
  const finished =
    transport === "stdio" ? await recordStdio(client, server, dir) : await recordHttp(client, server, upstream!, dir);
  // A trace without a single message (a process killed before it spoke) has nothing to judge.
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl") && readFileSync(join(dir, f), "utf8").includes('"kind":"message"'))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    .map((f) => join(dir, f));
  const connected = finished.code === 0;
  return {
    cell: {
      client: client.id,
      server: server.id,
      transport,
      connected,
      ...(connected ? {} : { refusal: lastLine(`${finished.stdout}\n${finished.stderr}`) }),
      traces: [],
    },
    files,
  };
}

/** Runs `tasks` with at most `limit` at once, keeping their order in the results. */
async function pooled<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface MatrixOptions {
  clients?: readonly ClientPeer[];
  servers?: readonly ServerPeer[];
  concurrency?: number;
  /** Keep the recorded traces here instead of a temporary directory that is removed. */
  keep?: string;
}

export async function runMatrix(options: MatrixOptions = {}): Promise<Cell[]> {
  const clients = options.clients ?? CLIENTS;
  const servers = options.servers ?? SERVERS;
  const work = options.keep ?? mkdtempSync(join(tmpdir(), "mcp-conf-interop-"));
  mkdirSync(work, { recursive: true });
  const upstreams = new Map<string, RunningHttpServer>();
  try {
    await Promise.all(
      servers.filter((s) => s.http).map(async (s) => upstreams.set(s.id, await startHttpServer(s, work))),
    );
    const tasks: (() => Promise<{ cell: Cell; files: string[] }>)[] = [];
    for (const server of servers) {
      for (const transport of ["stdio", "http"] as const) {
        if (transport === "http" && !server.http) continue;
        for (const client of clients) {
          tasks.push(() => runCell(client, server, transport, work, upstreams.get(server.id)));
        }
      }
    }
    const recorded = await pooled(tasks, options.concurrency ?? 3);
    // One validate for all the traces: loading the validator once is most of what judging a short session costs.
    const judged = await judgeTraces(recorded.flatMap((r) => r.files));
    let next = 0;
    for (const r of recorded) {
      r.cell.traces = judged.slice(next, next + r.files.length);
      next += r.files.length;
    }
    return recorded.map((r) => r.cell);
  } finally {
    await Promise.all([...upstreams.values()].map((u) => u.stop()));
    if (!options.keep) rmSync(work, { recursive: true, force: true });
  }
}
