/**
 * `--actor server` on a real recorded session: server-everything behind `mcp-conf record http`, probed the way the
 * official conformance suite's DNS-rebinding scenario probes a server — an initialize request, its answer, and
 * nothing more (no notifications/initialized). Judging both sides fails the client's missing notification; judging
 * the server alone fails nothing, in every format, and says which side each finding is owed by.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEverythingHttp, tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
let trace = "";

/** One initialize POST, as the suite's probe sends it, and its answer read to the end. */
async function initializeOnly(url: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "conformance-probe", version: "1.0.0" },
      },
    }),
  });
  const body = await response.text();
  expect(body).toContain('"protocolVersion"');
}

beforeAll(async () => {
  trace = join(dir.path, "probe.jsonl");
  await recordEverythingHttp(trace, dir.path, initializeOnly);
}, 60_000);

afterAll(() => dir.remove());

describe("validate --actor on a recorded initialize-only probe of server-everything", { timeout: 60_000 }, () => {
  it("fails the client's missing notifications/initialized when both sides are judged, owed by the client", async () => {
    const run = await mcpConf(["validate", trace]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/ {2}FAIL {2}LIFE-\d{3} \(MUST\)\n {8}\[client\] .*notifications\/initialized/);
    expect(run.stdout).not.toMatch(/\[server\]/);
  });

  it("fails nothing with --actor server, and lists the client's clauses as not applicable under --all", async () => {
    const run = await mcpConf(["validate", "--actor", "server", trace]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toContain("FAIL");
    const all = (await mcpConf(["validate", "--actor", "server", "--all", trace])).stdout;
    expect(all).toMatch(/ {2}N\/A {3}LIFE-\d{3} \(MUST\)\n {8}binds the client, whose obligations were not judged/);
  });

  it("gives JUnit without a failure and SARIF without an error result under --actor server", async () => {
    const junit = await mcpConf(["validate", "--actor", "server", "--format", "junit", trace]);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(junit.stdout);
    expect(doc.testsuites["@failures"]).toBe("0");
    const sarif = JSON.parse((await mcpConf(["validate", "--actor", "server", "--format", "sarif", trace])).stdout);
    expect(sarif.runs[0].results.filter((r: { level: string }) => r.level === "error")).toEqual([]);
    const both = JSON.parse((await mcpConf(["validate", "--format", "sarif", trace])).stdout);
    const errors = both.runs[0].results.filter((r: { level: string }) => r.level === "error");
    expect(errors.length).toBeGreaterThan(0);
    for (const result of errors) expect(result.properties.owner).toBe("client");
  });

  it("keeps the recording: the trace holds the initialize exchange and no notifications/initialized", () => {
    const text = readFileSync(trace, "utf8");
    expect(text).toContain('"method":"initialize"');
    expect(text).not.toContain("notifications/initialized");
  });

  it("refuses an unknown --actor in one line", async () => {
    const run = await mcpConf(["validate", "--actor", "gateway", trace]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mcp-conf: validate: unknown actor "gateway" (expected server, client, both)\n');
  });
});
