/**
 * `mcp-conf test` against real peers: the official conformance suite 0.1.16 (the project's pinned copy, run on
 * Node 20 through its fs hook), the suite's own example servers and clients (vendored under peers/). The default
 * run takes a representative subset of scenarios — a plain server scenario, a tool error, a resource read, the
 * DNS-rebinding probe (stateless, never initializes), and the client initialize scenario — because the whole list
 * takes minutes; `scripts/conformance-table.mjs` runs every scenario for docs/test.md.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { listScenarios, resolveSuite } from "@mcp-conf/gate";
import { isolatedHome } from "@mcp-conf/testing";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, REPO_ROOT } from "./validate-helpers.js";

const TSX = join(REPO_ROOT, "node_modules", ".bin", "tsx");
const EXAMPLES = join(REPO_ROOT, "peers", "conformance-0.1.16", "examples");
const EVERYTHING_SERVER = join(EXAMPLES, "servers", "typescript", "everything-server.ts");
const NO_DNS_PROTECTION = join(EXAMPLES, "servers", "typescript", "no-dns-rebinding-protection.ts");
const BROKEN_CLIENT = join(EXAMPLES, "clients", "typescript", "test-broken.ts");

// Under /var/tmp rather than the shared /tmp: resolving "the project's copy" walks up from the working directory.
const work = mkdtempSync(join("/var/tmp", "mcp-conf-test-cmd-"));
// A run without --run-dir keeps its run directory in the state directory: this file's own.
const home = isolatedHome("mcp-conf-test-cmd-home-");
// A state directory with no suite in it: the first use installs it. The install (npm, mostly waiting on the registry)
// starts with the file and runs beside the other tests; the last test awaits it.
const fresh = isolatedHome("mcp-conf-first-use-");
let firstUse: ReturnType<typeof resolveSuite>;
beforeAll(() => {
  firstUse = resolveSuite(undefined, work, fresh.env);
  firstUse.catch(() => {}); // reported where the test awaits it
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  home.remove();
  fresh.remove();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function mcpConf(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, env: { ...home.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

interface RunJson {
  suite: { version: string; source: string };
  scenarios: {
    scenario: string;
    suite: { failed: boolean; checks: { id: string; status: string }[] };
    ours: { failed: boolean; traces: string[]; rows: { id: string; outcome: string }[] };
    disagreements: { kind: string; id: string; reason?: string }[];
  }[];
}

describe("mcp-conf test server", () => {
  it("passes the suite's everything-server on both sides, with no disagreement, and keeps both sides' output", async () => {
    const runDir = join(work, "everything");
    const scenarios = ["server-initialize", "tools-call-error", "resources-read-text", "dns-rebinding-protection"];
    const run = await mcpConf([
      "test",
      "server",
      "--format",
      "json",
      "--run-dir",
      runDir,
      ...scenarios.flatMap((s) => ["--scenario", s]),
      "--",
      TSX,
      EVERYTHING_SERVER,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as RunJson;
    expect(result.suite).toMatchObject({ version: "0.1.16", source: "project" });
    expect(result.scenarios.map((s) => s.scenario)).toEqual(scenarios);
    for (const scenario of result.scenarios) {
      expect(scenario.suite.failed, scenario.scenario).toBe(false);
      expect(
        scenario.suite.checks.some((c) => c.status === "SUCCESS"),
        scenario.scenario,
      ).toBe(true);
      expect(scenario.ours.failed, scenario.scenario).toBe(false);
      expect(
        scenario.ours.rows.some((r) => r.outcome === "pass"),
        scenario.scenario,
      ).toBe(true);
      expect(scenario.disagreements).toEqual([]);
      const dir = join(runDir, scenario.scenario);
      expect(readdirSync(join(dir, "traces")).length, scenario.scenario).toBeGreaterThan(0);
      expect(readdirSync(join(dir, "suite"), { recursive: true }).map(String)).toContain(
        readdirSync(join(dir, "suite"), { recursive: true })
          .map(String)
          .find((f) => f.endsWith("checks.json")),
      );
      expect(existsSync(join(dir, "verdict.json"))).toBe(true);
    }
  }, 300_000);

  it("prints the suite's DNS-rebinding failure against an unprotected server as a disagreement, with the reason", async () => {
    const run = await mcpConf([
      "test",
      "server",
      "--scenario",
      "dns-rebinding-protection",
      "--run-dir",
      join(work, "no-dns"),
      "--",
      TSX,
      NO_DNS_PROTECTION,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain("dns-rebinding-protection: suite FAIL, ours pass");
    expect(run.stdout).toMatch(
      /the suite failed localhost-host-rebinding-rejected \(.*\); no clause of ours failed — TRAN-008\/TRAN-009/,
    );
    expect(run.stdout).toContain("disagreements: 1");
  }, 300_000);
});

describe("mcp-conf test client", () => {
  it("matches the broken client's initialize failure with our clause, in JUnit a real parser reads", async () => {
    const run = await mcpConf([
      "test",
      "client",
      "--scenario",
      "initialize",
      "--format",
      "junit",
      "--run-dir",
      join(work, "broken"),
      "--",
      TSX,
      BROKEN_CLIENT,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(run.stdout);
    const suite = xml.testsuites.testsuite;
    expect(suite.name).toBe("initialize");
    const cases = [suite.testcase].flat() as { classname: string; name: string; failure?: unknown }[];
    const failed = cases.filter((c) => c.failure !== undefined).map((c) => `${c.classname} ${c.name}`);
    expect(failed).toContain("initialize.suite mcp-client-initialization");
    // clientInfo without a name: the schema's InitializeRequest (BASE-015); no initialized notification (LIFE-003).
    expect(failed.some((f) => f.startsWith("initialize.mcp-conf BASE-015"))).toBe(true);
    expect(failed.some((f) => f.startsWith("initialize.mcp-conf LIFE-003"))).toBe(true);
  }, 300_000);
});

describe("mcp-conf test: bad invocations", () => {
  // Each is a process of its own that refuses at once: they run side by side.
  it.concurrent.each([
    [
      ["test", "server", "--scenario", "no-such-scenario", "--url", "http://127.0.0.1:9/mcp"],
      /unknown scenario "no-such-scenario"/,
    ],
    [
      ["test", "server", "--url", "http://127.0.0.1:9/mcp", "--", "node", "server.js"],
      /either --url URL or the server command/,
    ],
    [["test", "server"], /either --url URL or the server command/],
    [["test", "client"], /name the client command after --/],
    [["test", "server", "--url", "ftp://x/mcp"], /is not an http\(s\) URL/],
    [["test", "server", "--format", "yaml", "--url", "http://127.0.0.1:9/mcp"], /--format "yaml" is not one of/],
    [
      ["test", "server", "--conformance", "/nonexistent", "--url", "http://127.0.0.1:9/mcp"],
      /holds no @modelcontextprotocol\/conformance package/,
    ],
    [
      ["test", "server", "--startup-timeout", "2000", "--", "node", "-e", "process.exit(4)"],
      /node exited with 4 before listening/,
    ],
  ])(
    "%j → exit 2, one line",
    async (args, message) => {
      const run = await mcpConf(args as string[]);
      expect(run.code).toBe(2);
      const lines = run.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("mcp-conf test: "));
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    },
    60_000,
  );
});

describe("the suite on first use", () => {
  it("installs the pinned version into the state directory and starts it on this Node", async () => {
    const suite = await firstUse;
    expect(suite).toMatchObject({ version: "0.1.16", source: "state" });
    expect(suite.entry.startsWith(join(fresh.state, "suites", "conformance-0.1.16"))).toBe(true);
    expect(await listScenarios(suite, "server")).toContain("server-initialize");
    // A second resolution finds it installed.
    expect((await resolveSuite(undefined, work, fresh.env)).source).toBe("state");
  }, 300_000);
});
