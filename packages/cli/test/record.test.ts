/**
 * `mcp-conf record` as a user runs it: the built binary, real pipes, real signals, real servers. Bytes pass through
 * `record stdio` unchanged; the official SDK client sees through `record stdio` and `record http` what it sees
 * directly; exit codes and signals pass through; a bad or existing `-o` stops everything before the server starts;
 * and the proxy writes one trace per session, warns on a non-loopback address, and ends cleanly on SIGINT.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/main.js";
import { BIN, EVERYTHING, exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const trace = (path: string): TraceEvent[] => readTraceSync(readFileSync(path, "utf8"));

async function runCli(args: string[], input?: Uint8Array, env?: NodeJS.ProcessEnv) {
  const child = spawnCli(args, dir.path, env);
  const out: Buffer[] = [];
  child.stdout!.on("data", (c: Buffer) => out.push(c));
  const err = textOf(child.stderr!);
  child.stdin!.on("error", () => {});
  child.stdin!.end(input);
  const code = await exitOf(child);
  return { code, stdout: Buffer.concat(out), stderr: err.text() };
}

let counter = 0;
const fresh = (ext = ".jsonl") => join(dir.path, `t${counter++}${ext}`);

describe("record stdio", () => {
  it("passes random byte streams through to the server and back unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300_000 }), async (bytes) => {
        const run = await runCli(["record", "stdio", "-o", fresh(), "--", "cat"], bytes);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout.equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 5 },
    );
  });

  it("prints where the trace went and how many events it holds", async () => {
    const path = fresh();
    const run = await runCli(
      ["record", "stdio", "-o", path, "--", "cat"],
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'),
    );
    expect(run.stderr).toMatch(
      new RegExp(
        `^mcp-conf record: session cat-\\d+-[0-9a-f]{12} recording to ${path}\nmcp-conf record: trace written to ${path} \\(4 events\\)\n$`,
      ),
    );
    expect(trace(path).map((e) => e.kind)).toEqual(["lifecycle", "message", "message", "lifecycle"]);
  });

  it("exits with the server's exit code", async () => {
    expect((await runCli(["record", "stdio", "-o", fresh(), "--", "sh", "-c", "exit 3"])).code).toBe(3);
  });

  it("exits 128+n when the server is killed by signal n", async () => {
    expect((await runCli(["record", "stdio", "-o", fresh(), "--", "sh", "-c", "kill -KILL $$"])).code).toBe(137);
  });

  it("passes SIGTERM sent to the relay on to the server", async () => {
    const script =
      "process.on('SIGTERM', () => { process.stderr.write('server got SIGTERM\\n'); process.exit(42); }); process.stderr.write('ready\\n'); setInterval(() => {}, 1000);";
    const child = spawnCli(["record", "stdio", "-o", fresh(), "--", process.execPath, "-e", script], dir.path);
    const err = textOf(child.stderr!);
    await err.waitFor(/ready/);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(42);
    expect(err.text()).toContain("server got SIGTERM");
  });

  it("the client closing stdin ends the server", async () => {
    const child = spawnCli(["record", "stdio", "-o", fresh(), "--", "cat"], dir.path);
    child.stdout!.resume();
    child.stderr!.resume();
    child.stdin!.write("first line\n");
    child.stdin!.end();
    expect(await exitOf(child)).toBe(0);
  });

  it("the client closing the relay's stdout reaches the server as EPIPE, as a direct pipe would", async () => {
    // A server that writes for ever and keeps its stdin open: only EPIPE on its stdout can end it.
    const script = [
      "process.stdout.on('error', (e) => { process.stderr.write('server saw ' + e.code + '\\n'); process.exit(5); });",
      `const chunk = ${JSON.stringify(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x".repeat(1000) } })}\n`)}.repeat(64);`,
      "const pump = () => { process.stdout.write(chunk); setImmediate(pump); };",
      "pump();",
    ].join("\n");
    const output = fresh();
    const child = spawnCli(["record", "stdio", "-o", output, "--", process.execPath, "-e", script], dir.path);
    const err = textOf(child.stderr!);
    await new Promise((resolve) => child.stdout!.once("data", resolve));
    child.stdout!.destroy(); // the client stops reading; its stdin stays open
    const code = await Promise.race([
      exitOf(child),
      new Promise((resolve) => setTimeout(() => resolve("hung"), 20_000)),
    ]);
    if (code === "hung") child.kill("SIGKILL");
    expect(code).toBe(5);
    expect(err.text()).toContain("server saw EPIPE");
    const events = trace(output);
    expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
    expect(events.filter((e) => e.kind === "message").length).toBeGreaterThan(0);
  });

  it("writes beside an existing -o (FILE-2, FILE-3 …) without --force, and overwrites it with --force", async () => {
    const path = fresh();
    writeFileSync(path, "keep me\n");
    const marker = join(dir.path, "server-started");
    const sibling = (n: number) => path.replace(/\.jsonl$/, `-${n}.jsonl`);
    for (const n of [2, 3]) {
      const run = await runCli(["record", "stdio", "-o", path, "--", "touch", marker]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(` recording to ${sibling(n)}\n`);
      expect(trace(sibling(n))[0]).toMatchObject({ kind: "lifecycle", event: "transport-open" });
    }
    expect(existsSync(marker)).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("keep me\n");
    const forced = await runCli(["record", "stdio", "-o", path, "--force", "--", "touch", marker]);
    expect(forced.code).toBe(0);
    expect(trace(path)[0]).toMatchObject({ kind: "lifecycle", event: "transport-open" });
  }, 120_000); // three runs of a real process

  it("refuses an -o that cannot be written, with one line, before the server starts", async () => {
    const notADir = fresh(".txt");
    writeFileSync(notADir, "");
    const marker = join(dir.path, "never-started");
    const run = await runCli(["record", "stdio", "-o", join(notADir, "t.jsonl"), "--", "touch", marker]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^mcp-conf: record: cannot write traces to .* \(it is not a directory\)\n$/);
    expect(existsSync(marker)).toBe(false);
  });

  it("without -o writes to the state directory's sessions/<label>-<pid>-<hex>.jsonl", async () => {
    const run = await runCli(["record", "stdio", "--label", "demo", "--", "true"]);
    expect(run.code).toBe(0);
    const files = readdirSync(join(dir.path, "state", "sessions"));
    expect(files.some((f) => /^demo-\d+-[0-9a-f]{12}\.jsonl$/.test(f))).toBe(true);
  });

  it("rejects bad option values with one line and exit 2", async () => {
    const cases = [
      ["record", "stdio", "--max-message-bytes", "0", "--", "true"],
      ["record", "stdio"],
      ["record", "http"],
      ["record", "http", "--upstream", "ftp://x"],
      ["record", "http", "--upstream", "http://localhost:1/mcp", "--listen", "nope:99999"],
      ["record", "smtp"],
    ];
    for (const args of cases) {
      const stderr = new PassThrough();
      let text = "";
      stderr.on("data", (c: Buffer) => {
        text += c.toString();
      });
      const code = await main(args, { stdin: new PassThrough(), stdout: new PassThrough(), stderr });
      expect(code, args.join(" ")).toBe(2);
      expect(text, args.join(" ")).toMatch(/^mcp-conf: record[^\n]*\n$/);
    }
  });

  it("a real SDK client sees through record stdio what it sees directly", async () => {
    const { Client, StdioClientTransport } = await sdk();
    const session = async (command: string, args: string[]) => {
      const client = new Client({ name: "cli-test", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command, args, stderr: "ignore", cwd: dir.path }));
      const tools = await client.listTools();
      const echo = await client.callTool({ name: "echo", arguments: { message: "via the cli" } });
      await client.close();
      return { names: tools.tools.map((t: { name: string }) => t.name).sort(), echo };
    };
    const direct = await session(process.execPath, [EVERYTHING, "stdio"]);
    const path = fresh();
    const relayed = await session(process.execPath, [
      BIN,
      "record",
      "stdio",
      "-o",
      path,
      "--",
      process.execPath,
      EVERYTHING,
      "stdio",
    ]);
    expect(relayed).toEqual(direct);
    const events = trace(path);
    expect(events.filter((e) => e.kind === "message").length).toBeGreaterThanOrEqual(6);
    expect(events.some((e) => e.kind === "stderr")).toBe(true);
  });
});

describe("record http", () => {
  let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    everything = await startEverythingHttp();
  });
  afterAll(async () => {
    await everything.stop();
  });

  async function startProxy(args: string[]) {
    const child = spawnCli(["record", "http", "--upstream", everything.url, ...args], dir.path);
    child.stdout!.resume();
    const err = textOf(child.stderr!);
    const line = await err.waitFor(/proxying http:\/\/\S+\//);
    return { child, err, url: line.replace("proxying ", "") };
  }

  async function sdkSession(url: string) {
    const { Client, StreamableHTTPClientTransport } = await sdk();
    const client = new Client({ name: "cli-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const tools = await client.listTools();
    const sum = await client.callTool({ name: "get-sum", arguments: { a: 20, b: 22 } });
    await client.close();
    return { names: tools.tools.map((t: { name: string }) => t.name).sort(), sum };
  }

  it("a real SDK client sees through record http what it sees directly; one trace file per session", async () => {
    const direct = await sdkSession(everything.url);
    const { child, err, url } = await startProxy([
      "--listen",
      "127.0.0.1:0",
      "-o",
      join(dir.path, "http", "{session}.jsonl"),
    ]);
    expect(await sdkSession(url)).toEqual(direct);
    expect(await sdkSession(url)).toEqual(direct);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    const written = err.text().match(/trace written to \S+ \(\d+ events\)/g) ?? [];
    expect(written).toHaveLength(2);
    const files = readdirSync(join(dir.path, "http"));
    expect(files).toHaveLength(2);
    for (const file of files) {
      const events = trace(join(dir.path, "http", file));
      const open = events[0] as { meta?: { session?: string } };
      expect(file).toBe(`${open.meta?.session}.jsonl`);
      expect(events.some((e) => e.kind === "http" && e.direction === "server-to-client" && e.status === 202)).toBe(
        true,
      );
    }
  });

  it("without {session} in -o the first session writes FILE and a later one FILE.<session>.jsonl", async () => {
    const path = join(dir.path, "single", "trace.jsonl");
    const { child, err, url } = await startProxy(["--listen", "127.0.0.1:0", "-o", path]);
    await sdkSession(url);
    await sdkSession(url);
    child.kill("SIGTERM");
    expect(await exitOf(child)).toBe(0);
    const files = readdirSync(join(dir.path, "single")).sort();
    expect(files).toHaveLength(2);
    expect(files).toContain("trace.jsonl");
    expect(files.find((f) => f !== "trace.jsonl")).toMatch(/^trace\.[0-9a-f-]+\.jsonl$/);
    const later = files.find((f) => f !== "trace.jsonl")!;
    expect(err.text()).toMatch(new RegExp(`session \\S+ recording to ${path}\n`));
    expect(err.text()).toContain(`recording to ${join(dir.path, "single", later)}\n`);
  });

  it("warns when listening on a non-loopback address", async () => {
    const { child, err } = await startProxy(["--listen", "0.0.0.0:0", "-o", join(dir.path, "warn", "{session}.jsonl")]);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    expect(err.text()).toContain(
      "mcp-conf record: warning: listening on 0.0.0.0, which is not a loopback address: anyone who can reach it can send requests through it",
    );
    expect(err.text()).toContain("mcp-conf record: no session was recorded");
  });

  it("refuses an address already in use with one line and exit 2", async () => {
    const { child, url } = await startProxy([
      "--listen",
      "127.0.0.1:0",
      "-o",
      join(dir.path, "busy", "{session}.jsonl"),
    ]);
    const port = new URL(url).port;
    const second = await runCli(["record", "http", "--upstream", everything.url, "--listen", `127.0.0.1:${port}`]);
    child.kill("SIGINT");
    await exitOf(child);
    expect(second.code, second.stderr).toBe(2);
    expect(second.stderr).toBe(`mcp-conf: record http: cannot listen on 127.0.0.1:${port} (EADDRINUSE)\n`);
  });
});
