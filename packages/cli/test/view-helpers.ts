/**
 * For the tests of `open` (and the live views): the built `mcp-conf` started as a long-running process whose stderr
 * is collected, the viewer address it prints, and bare HTTP GETs that report the status a request gets.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { TestBrowser } from "@mcp-conf/testing";
import { afterAll, beforeAll } from "vitest";
import { BIN, REPO_ROOT } from "./validate-helpers.js";

export interface Served {
  child: ChildProcess;
  /** stderr so far. */
  stderr(): string;
  /** The address the command printed. */
  url: URL;
  /** Resolves to the exit code once the process ends. */
  exited: Promise<number | null>;
}

/** Runs `mcp-conf ARGS` and waits for the first viewer address on its stderr (`pattern` captures it). */
export async function serve(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  pattern = / at (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/,
): Promise<Served> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: "0", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!pattern.test(stderr)) {
    if (ended || Date.now() > deadline) throw new Error(`mcp-conf ${args.join(" ")} printed no address:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, stderr: () => stderr, url: new URL(pattern.exec(stderr)![1]!), exited };
}

/** The status a GET of `path` gets from 127.0.0.1:`port` with these headers. */
export function statusOf(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every refusal the viewer server owes: no token, a wrong one, a foreign Host, a foreign Origin. */
export async function refusals(url: URL, path = "/"): Promise<number[]> {
  const port = Number(url.port);
  const token = url.searchParams.get("token")!;
  return [
    await statusOf(port, path),
    await statusOf(port, `${path}?token=${"0".repeat(32)}`),
    await statusOf(port, `${path}?token=${token}`, { host: `rebound.example:${port}` }),
    await statusOf(port, `${path}?token=${token}`, { origin: "http://rebound.example" }),
  ];
}

/** One Chromium for the tests of a file: launched before them, closed after; call the result for the browser. */
export function sharedBrowser(): () => TestBrowser {
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    browser = await TestBrowser.launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}
