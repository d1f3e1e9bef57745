/**
 * docs/fleet.md and this package's README cannot lie: the Collector configuration the page shows is the one the
 * pipeline test runs; the page's `serve` and `record --otlp-logs` command lines, run as written (the port, the next
 * hop and `node my-server.js` — server-everything — substituted), judge a real session and send strict OTLP spans and
 * metrics on; the README's example runs.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { fencedBlock, startRealCollector, strictOtlpProblems } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, PIPELINE_CONFIG, REPO, startServeProcess } from "./fleet-harness.js";

const page = readFileSync(join(REPO, "docs", "fleet.md"), "utf8");
const home = mkdtempSync(join(tmpdir(), "mcp-conf-fleet-docs-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const CLI = join(REPO, "packages", "cli", "dist", "bin.js");

/** The `mcp-conf …` line of the ```sh block that holds `words`. */
function commandLine(words: string): string[] {
  const blocks = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
  const line = blocks.find((block) => block.includes(words));
  if (!line) throw new Error(`docs/fleet.md has no sh block with ${words}`);
  return line.split(/\s+/).slice(1);
}

describe("docs/fleet.md", () => {
  it("shows the Collector configuration the pipeline test runs", () => {
    expect(fencedBlock(page, "yaml")).toBe(readFileSync(PIPELINE_CONFIG, "utf8"));
  });

  it("its serve and record --otlp-logs command lines judge a real session and send strict OTLP on", async () => {
    const nextHop = await startRealCollector();
    const port = await freePort();
    const serveArgs = commandLine("mcp-conf serve");
    expect(serveArgs.slice(0, 3)).toEqual(["serve", "--listen", "127.0.0.1:4418"]);
    serveArgs[2] = `127.0.0.1:${port}`;
    serveArgs[serveArgs.indexOf("--next-hop") + 1] = nextHop.url;
    const serve = await startServeProcess(home, port, serveArgs.slice(3));
    try {
      const recordArgs = commandLine("--otlp-logs");
      expect(recordArgs.slice(-3)).toEqual(["--", "node", "my-server.js"]);
      recordArgs[recordArgs.indexOf("node")] = process.execPath;
      recordArgs[recordArgs.indexOf("--otlp-logs") + 1] = serve.url;
      const cwd = mkdtempSync(join(home, "cwd-"));
      writeFileSync(join(cwd, "my-server.js"), `import ${JSON.stringify(pathToFileURL(EVERYTHING).href)};\n`);
      const record = spawn(process.execPath, [CLI, ...recordArgs], {
        cwd,
        env: { ...process.env, MCP_CONF_HOME: join(home, "recorder") },
        stdio: ["pipe", "ignore", "pipe"],
      });
      const initialize = {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "docs", version: "1" } },
      };
      record.stdin!.end(
        `${JSON.stringify(initialize)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
      );
      await new Promise((resolve) => record.once("exit", resolve));
      const deadline = Date.now() + 20_000;
      while (!/session \S+ \(my-server\): /.test(serve.output()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(serve.output()).toMatch(/session \S+ \(my-server\): /);
    } finally {
      await serve.stop();
    }
    const bodies = nextHop.requests.map((request) => ({
      path: request.path,
      body: JSON.parse(request.body.toString()),
    }));
    await nextHop.stop();
    const traces = bodies.filter((b) => b.path === "/v1/traces");
    const metrics = bodies.filter((b) => b.path === "/v1/metrics");
    expect(traces.length).toBeGreaterThan(0);
    expect(metrics.length).toBeGreaterThan(0);
    for (const { body } of traces) expect(strictOtlpProblems(body, "traces")).toEqual([]);
    for (const { body } of metrics) expect(strictOtlpProblems(body, "metrics")).toEqual([]);
    expect(JSON.stringify(traces[0]!.body)).toContain('"mcp-conf verdict"');
    expect(JSON.stringify(metrics.at(-1)!.body)).toContain('"mcp_conf.sessions.judged"');
  }, 60_000);
});

describe("packages/fleet/README.md", () => {
  it("its example starts a serve and closes it", async () => {
    const readme = readFileSync(join(REPO, "packages", "fleet", "README.md"), "utf8");
    const code = fencedBlock(readme, "js")!
      .replace('"/var/lib/mcp-conf"', JSON.stringify(join(home, "readme")))
      .replace("port: 4418", "port: 0");
    const file = join(REPO, "packages", "fleet", "readme-example.tmp.mjs");
    writeFileSync(file, code);
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [file]);
      expect(stdout).toMatch(
        /^receiving on http:\/\/127\.0\.0\.1:\d+\/v1\/logs\n0 session\(s\) judged \(0 incomplete\), /,
      );
    } finally {
      rmSync(file, { force: true });
    }
  });
});
