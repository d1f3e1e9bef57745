/**
 * Measurements of the recorder's cost on a live session, each against the direct path in the same run: stdio round
 * trips and streaming through the relay (in its own process, writing its trace file) vs straight to the bench's
 * echo server, and tools/call latency against server-everything through the HTTP proxy (its own process) vs direct.
 * bench.ts prints them; bench.test.ts runs them small so they cannot rot.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEverythingHttp } from "@mcp-conf/testing";
import { processCpuMs } from "../children-cpu.js";
import { percentile } from "../summary.js";

const here = dirname(fileURLToPath(import.meta.url));
const ECHO_SERVER = join(here, "echo-server.mjs");
const RELAY = join(here, "relay-process.mjs");
const PROXY = join(here, "proxy-process.mjs");
const FLOOR_RELAY = join(here, "floor-relay.mjs");
const FLOOR_PROXY = join(here, "floor-proxy.mjs");

/**
 * `floor`: a do-nothing Node process in the same place (pipe() both ways), the least any relay or proxy costs;
 * `bare`: the relay itself recording nothing (`BENCH_SINK=none`), so what recording adds shows apart from the relay.
 */
export type Via = "direct" | "recorded" | "floor" | "bare";

export { median } from "../summary.js";
export { percentile };

/** Node options for the relay and proxy processes only (not the servers): `--cpu-prof --cpu-prof-dir=DIR` to profile them. */
const HOP_NODE_ARGS = (process.env.BENCH_HOP_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** The echo server, directly or behind the relay (which writes its trace into `dir`). */
function startEcho(via: Via, dir: string): ChildProcess {
  const args =
    via === "direct"
      ? [ECHO_SERVER]
      : via === "floor"
        ? [...HOP_NODE_ARGS, FLOOR_RELAY, "--", process.execPath, ECHO_SERVER]
        : [...HOP_NODE_ARGS, RELAY, join(dir, `trace-${Date.now()}.jsonl`), "--", process.execPath, ECHO_SERVER];
  const env = via === "bare" ? { ...process.env, BENCH_SINK: "none" } : process.env;
  const relayed = via === "recorded" || via === "bare";
  const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", relayed ? "pipe" : "inherit"] });
  if (via === "bare") child.stderr!.resume(); // its report says it recorded nothing
  if (via === "recorded") {
    let report = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      report += chunk.toString();
    });
    child.once("exit", () => {
      const counts = /relay: (\d+) events written, (\d+) dropped/.exec(report);
      if (counts) relayReports.push({ written: Number(counts[1]), dropped: Number(counts[2]) });
      else process.stderr.write(report);
    });
  }
  return child;
}

/** What each recorded relay said at its end (events written and observations dropped), in the order they ended. */
export const relayReports: Array<{ written: number; dropped: number }> = [];

/** Reads newline-terminated lines from a stream, one awaited at a time. */
function lineReader(stream: NodeJS.ReadableStream) {
  let buffer = "";
  const lines: string[] = [];
  let waiter: ((line: string) => void) | undefined;
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    let nl = buffer.indexOf("\n");
    while (nl !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (waiter) {
        const wake = waiter;
        waiter = undefined;
        wake(line);
      } else lines.push(line);
      nl = buffer.indexOf("\n");
    }
  });
  return {
    next: () =>
      new Promise<string>((resolve) => {
        const ready = lines.shift();
        if (ready !== undefined) resolve(ready);
        else waiter = resolve;
      }),
  };
}

async function finish(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.stdin!.end();
  });
}

/** Latencies (ms) of `count` sequential request/response round trips, after `warmup` unmeasured ones. */
export async function stdioRoundTrips(via: Via, count: number, warmup = 200): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-recorder-"));
  const child = startEcho(via, dir);
  const reader = lineReader(child.stdout!);
  const latencies: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const line = `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"message":"round trip ${i}"}}}\n`;
    const started = process.hrtime.bigint();
    child.stdin!.write(line);
    await reader.next();
    if (i >= warmup) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await finish(child);
  rmSync(dir, { recursive: true, force: true });
  return latencies.sort((a, b) => a - b);
}

/**
 * CPU ms the process in the relay's place (the recording relay, the floor relay; the server itself when direct) used
 * during each burst, all its threads, per `Via`, in the order the bursts ran (empty off Linux). Unlike wall time, it
 * hardly moves with the machine's load.
 */
export const burstCpu: Record<Via, number[]> = { direct: [], recorded: [], floor: [], bare: [] };

/** The same CPU split by thread (ms): the process's main thread, which forwards, and all its other threads. */
export const burstThreads: Record<Via, Array<{ main: number; others: number }>> = {
  direct: [],
  recorded: [],
  floor: [],
  bare: [],
};

/** CPU ms a running process's threads have used so far, its main thread apart (schedstat: ns on a CPU); Linux only. */
function threadsCpuMs(pid: number): { main: number; others: number } | undefined {
  const dir = `/proc/${pid}/task`;
  if (!existsSync(dir)) return undefined;
  const out = { main: 0, others: 0 };
  for (const tid of readdirSync(dir)) {
    let ms: number;
    try {
      ms = Number.parseInt(readFileSync(`${dir}/${tid}/schedstat`, "latin1"), 10) / 1e6;
    } catch {
      continue; // a thread that ended meanwhile
    }
    if (tid === String(pid)) out.main += ms;
    else out.others += ms;
  }
  return out;
}

/** Milliseconds to stream `count` notifications of `size` bytes into the server and have it confirm them all. */
export async function stdioStream(via: Via, count: number, size = 1024): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "bench-recorder-"));
  const child = startEcho(via, dir);
  const reader = lineReader(child.stdout!);
  // Warm up: one round trip, so process start-up is not measured.
  child.stdin!.write('{"jsonrpc":"2.0","id":"warm","method":"ping"}\n');
  await reader.next();
  const head = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"';
  const pad = "x".repeat(size - head.length - 4);
  const one = `${head}${pad}"}}\n`;
  const perChunk = 64;
  const chunk = Buffer.from(one.repeat(perChunk));
  const cpuBefore = processCpuMs(child.pid!);
  const threadsBefore = threadsCpuMs(child.pid!);
  const started = process.hrtime.bigint();
  for (let sent = 0; sent < count; sent += perChunk) {
    const piece = sent + perChunk <= count ? chunk : Buffer.from(one.repeat(count - sent));
    if (!child.stdin!.write(piece)) await new Promise((r) => child.stdin!.once("drain", r));
  }
  child.stdin!.write('{"jsonrpc":"2.0","id":"count","method":"bench/count"}\n');
  const answer = JSON.parse(await reader.next()) as { result: { count: number } };
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  const cpuAfter = processCpuMs(child.pid!);
  const threadsAfter = threadsCpuMs(child.pid!);
  if (cpuBefore !== undefined && cpuAfter !== undefined) burstCpu[via].push(cpuAfter - cpuBefore);
  if (threadsBefore && threadsAfter) {
    burstThreads[via].push({
      main: threadsAfter.main - threadsBefore.main,
      others: threadsAfter.others - threadsBefore.others,
    });
  }
  if (answer.result.count !== count + 2) throw new Error(`server read ${answer.result.count} of ${count + 2}`);
  await finish(child);
  rmSync(dir, { recursive: true, force: true });
  return elapsed;
}

/** Where a tools/call goes: straight to server-everything, through the proxy, or through the floor proxy. */
export type HttpVia = "direct" | "recorded" | "floor";

/** server-everything over HTTP on a port the OS picked, up once the port answers (@mcp-conf/testing). */
export async function startEverything(): Promise<{ url: string; stop(): void }> {
  const everything = await startEverythingHttp();
  return { url: everything.url, stop: () => void everything.stop() };
}

/** The proxy in its own process, writing per-session traces to a temp dir (or the floor proxy). */
export async function startProxy(upstream: string, floor = false): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-proxy-"));
  const args = [...HOP_NODE_ARGS, ...(floor ? [FLOOR_PROXY, upstream] : [PROXY, upstream, dir])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await lineReader(child.stdout!).next();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

function post(agent: http.Agent, url: string, body: unknown, headers: Record<string, string>) {
  return new Promise<{ status: number; session?: string; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, session: res.headers["mcp-session-id"] as string | undefined, text }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** An MCP session at `url` that makes tools/call requests one after another; `call()` resolves to its latency. */
export async function httpSession(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const init = await post(
    agent,
    url,
    {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "1.0.0" } },
    },
    {},
  );
  if (!init.session) throw new Error(`no session from ${url}: ${init.status}`);
  const headers = { "mcp-session-id": init.session, "mcp-protocol-version": "2025-11-25" };
  await post(agent, url, { jsonrpc: "2.0", method: "notifications/initialized" }, headers);
  let id = 1;
  return {
    async call(): Promise<number> {
      const started = process.hrtime.bigint();
      const res = await post(
        agent,
        url,
        { jsonrpc: "2.0", id: id++, method: "tools/call", params: { name: "echo", arguments: { message: "bench" } } },
        headers,
      );
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200 || !res.text.includes("Echo: bench")) throw new Error(`tools/call failed: ${res.status}`);
      return ms;
    },
    close: () => agent.destroy(),
  };
}

/**
 * The order of the three in block `block`: direct, proxy, floor proxy, then the reverse in the next block, so none
 * always runs first after a switch of connection or right after another in particular.
 */
export function blockOrder(block: number): readonly HttpVia[] {
  const vias: readonly HttpVia[] = ["direct", "recorded", "floor"];
  return block % 2 === 0 ? vias : [...vias].reverse();
}

/**
 * tools/call latencies direct, through the proxy and through the floor proxy, interleaved in blocks (`blockOrder`):
 * all of each (sorted), and each block's p50 in `blockP50s` (the blocks alternate, so each block's ratios are one
 * run's). Before them `warmup` calls each, alternating in blocks of 100, whose p50s are `warmupP50` (a proxy's
 * JavaScript runs slower until V8 has optimised it: here over its first ~1,000 calls).
 */
export async function httpToolCalls(
  count: number,
  blocks = 10,
  warmup = 50,
): Promise<{
  direct: number[];
  recorded: number[];
  floor: number[];
  blockP50s: Record<HttpVia, number[]>;
  warmupP50: Record<HttpVia, number>;
}> {
  const everything = await startEverything();
  const proxy = await startProxy(everything.url);
  const floorProxy = await startProxy(everything.url, true);
  const sessions = {
    direct: await httpSession(everything.url),
    recorded: await httpSession(proxy.url),
    floor: await httpSession(floorProxy.url),
  };
  const vias: readonly HttpVia[] = ["direct", "recorded", "floor"];
  try {
    const warming: Record<HttpVia, number[]> = { direct: [], recorded: [], floor: [] };
    for (let done = 0; done < warmup; done += 100) {
      for (const via of blockOrder(done / 100)) {
        for (let i = done; i < Math.min(warmup, done + 100); i++) warming[via].push(await sessions[via].call());
      }
    }
    const warmupP50 = { direct: Number.NaN, recorded: Number.NaN, floor: Number.NaN };
    for (const via of vias)
      warmupP50[via] = percentile(
        warming[via].sort((x, y) => x - y),
        0.5,
      );
    const out = { direct: [] as number[], recorded: [] as number[], floor: [] as number[] };
    const blockP50s: Record<HttpVia, number[]> = { direct: [], recorded: [], floor: [] };
    const perBlock = Math.max(1, Math.floor(count / blocks));
    for (let b = 0; b < blocks; b++) {
      for (const via of blockOrder(b)) {
        const block: number[] = [];
        for (let i = 0; i < perBlock; i++) block.push(await sessions[via].call());
        block.sort((x, y) => x - y);
        blockP50s[via].push(percentile(block, 0.5));
        out[via].push(...block);
      }
    }
    for (const via of vias) out[via].sort((x, y) => x - y);
    return { ...out, blockP50s, warmupP50 };
  } finally {
    for (const via of vias) sessions[via].close();
    await proxy.stop();
    await floorProxy.stop();
    everything.stop();
  }
}
