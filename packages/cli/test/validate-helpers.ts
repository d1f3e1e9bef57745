/**
 * Helpers for the CLI tests: run the built `mcp-conf` in this process (`main(args, io)`, as `bin.ts` does; the built
 * code, so that `check`'s worker threads find their script) or, where the process itself is the point, as the built
 * binary; and write small traces (a clean session, a failing one, malformed ones) to a temporary directory.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { TraceBuilder } from "@mcp-conf/testing";
import { main } from "../dist/index.js";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const BIN = join(REPO_ROOT, "packages", "cli", "dist", "bin.js");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
function collector(): { stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: 64 * 1024 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/**
 * Runs `mcp-conf ARGS` in this process, as `bin.ts` runs it (an internal error is one line and 70), in `cwd` (the
 * repository root by default), optionally feeding standard input and setting variables (restored afterwards). Tests
 * in a file run one after another, so changing this process's directory and environment for the run is safe.
 */
export async function mcpConf(
  args: string[],
  stdin?: string,
  env: NodeJS.ProcessEnv = {},
  cwd = REPO_ROOT,
): Promise<CliRun> {
  const stdout = collector();
  const stderr = collector();
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries({ FORCE_COLOR: "0", ...env })) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const before = process.cwd();
  process.chdir(cwd);
  let code: number;
  try {
    const input = Readable.from(stdin === undefined || stdin === "" ? [] : [Buffer.from(stdin)], { objectMode: false });
    code = await main(args, { stdin: input, stdout: stdout.stream, stderr: stderr.stream });
  } catch (error) {
    stderr.stream.write(`mcp-conf: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 70;
  } finally {
    process.chdir(before);
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** Runs the built binary as a real process (`node dist/bin.js ARGS`): for what only a process shows. */
export function mcpConfProcess(args: string[], stdin?: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    input: stdin ?? "",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: "0", ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The lines of a built trace: seq assigned in order. */
function jsonl(trace: TraceBuilder): string {
  return `${trace.events.map((event) => JSON.stringify(event)).join("\n")}\n`;
}

/** Open, and a handshake in which neither side declares a capability. */
const opened = () => new TraceBuilder().open().handshake({ server: {} });

/** A clean session: handshake, a ping answered, close. */
export function cleanSession(): string {
  return jsonl(opened().request(1, "ping").result(1).close());
}

/** A session breaking MUSTs: a request id reused while open, and an answer to a request never made. */
export function failingSession(): string {
  return jsonl(opened().request(1, "ping").request(1, "ping").result(1).result(77).close());
}

/** A session with messages but no initialize: it declares no protocol version. */
export function undeclaredSession(): string {
  return jsonl(new TraceBuilder().request(1, "ping").result(1));
}

export function lifecycleOnly(): string {
  return jsonl(new TraceBuilder().open().close());
}

/** Writes named files into a fresh temporary directory; returns their paths by name, and `dir` for clean-up. */
export function tempTraces(files: Record<string, string>): Record<string, string> & { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "mcp-conf-validate-"));
  const paths: Record<string, string> & { dir: string } = { dir };
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    writeFileSync(path, text);
    paths[name] = path;
  }
  return paths;
}
