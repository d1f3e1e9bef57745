/**
 * `validate` and `check` command lines that need no yargs run from the judging bundle through its code cache
 * (bin.ts, src/startup/); the rest go through yargs. Both paths must print and exit alike: each case runs as a
 * process of the built binary (the bundle) and in-process with `--no-config`, which only yargs reads.
 */
import { describe, expect, it } from "vitest";
import {
  cleanSession,
  failingSession,
  lifecycleOnly,
  mcpConf,
  mcpConfProcess,
  tempTraces,
  undeclaredSession,
} from "./validate-helpers.js";

const TRACE_STARTUP = { MCP_CONF_TRACE_STARTUP: "1" };
const STARTUP_LINE = /^mcp-conf: start-up: .*\n/m;

describe("plain command lines", () => {
  const files = tempTraces({
    "clean.jsonl": cleanSession(),
    "failing.jsonl": failingSession(),
    "undeclared.jsonl": undeclaredSession(),
    "lifecycle.jsonl": lifecycleOnly(),
    "bad.jsonl": "{not json\n",
  });
  const clean = files["clean.jsonl"]!;
  const failing = files["failing.jsonl"]!;
  const cases: [string, string[]][] = [
    ["a clean trace", ["validate", clean]],
    ["a failing trace", ["validate", failing]],
    ["an undeclared revision", ["validate", files["undeclared.jsonl"]!]],
    ["a trace that judges nothing", ["validate", files["lifecycle.jsonl"]!]],
    ["a malformed trace", ["validate", files["bad.jsonl"]!]],
    ["a missing file", ["validate", `${files.dir}/missing.jsonl`]],
    ["several traces", ["validate", clean, failing, files["bad.jsonl"]!]],
    ["--format json", ["validate", "--format", "json", failing]],
    ["-f junit", ["validate", "-f", "junit", clean, failing]],
    ["--format=sarif", ["validate", failing, "--format=sarif"]],
    ["an unknown format", ["validate", "--format", "yaml", clean]],
    ["--strict --all --actor server", ["validate", "--strict", "--all", "--actor", "server", failing]],
    ["--revision", ["validate", "--revision", "2025-06-18", clean]],
    ["an unknown revision", ["validate", "--revision", "1999-01-01", clean]],
    ["--max-events", ["validate", "--max-events", "2", clean]],
    ["--max-line-bytes=10", ["validate", "--max-line-bytes=10", clean]],
    ["check", ["check", clean, failing]],
    ["check --fail-on --format json", ["check", "--fail-on", "fail,pending", "-f", "json", clean, failing]],
    ["check --jobs 2 --expect-tool twice", ["check", clean, "--jobs", "2", "--expect-tool", "a", "--expect-tool", "b"]],
    ["check --max-duration without slow", ["check", "--max-duration", "2s", "--actor", "client", failing]],
    ["check an unknown signal", ["check", "--fail-on", "nope", clean]],
  ];

  it.each(cases)("prints and exits as through yargs: %s", async (_, args) => {
    const bundled = mcpConfProcess(args, undefined, TRACE_STARTUP);
    expect(bundled.stderr).toMatch(/^mcp-conf: start-up: judging bundle, code caches: judging\.cjs accepted.*$/m);
    expect(bundled.stderr).not.toMatch(/ (rejected|absent)/);
    const parsed = await mcpConf([...args, "--no-config"]);
    expect({ ...bundled, stderr: bundled.stderr.replace(STARTUP_LINE, "") }).toEqual(parsed);
    expect(parsed.stdout + parsed.stderr).not.toBe("");
  });

  it("reads standard input from -", async () => {
    const bundled = mcpConfProcess(["validate", "-f", "json", "-"], failingSession(), TRACE_STARTUP);
    expect(bundled.stderr).toMatch(/code caches: judging\.cjs accepted, schema-2025-11-25\.cjs accepted$/m);
    const parsed = await mcpConf(["validate", "-f", "json", "-", "--no-config"], failingSession());
    expect({ ...bundled, stderr: bundled.stderr.replace(STARTUP_LINE, "") }).toEqual(parsed);
  });

  it.each([
    ["an unknown option", ["validate", "--colour", clean]],
    ["a repeated option", ["validate", "-f", "json", "-f", "text", clean]],
    ["a negated flag", ["validate", "--no-strict", clean]],
    ["help", ["check", "--help"]],
    ["a non-numeric --jobs", ["check", "--jobs", "two", clean]],
    ["an array option followed by a trace", ["check", "--forbid-tool", "a", clean]],
  ])("leaves %s to yargs", async (_, args) => {
    const bundled = mcpConfProcess(args, undefined, TRACE_STARTUP);
    expect(bundled.stderr).toMatch(
      /^mcp-conf: start-up: judging bundle, code caches: judging\.cjs accepted; main runs the command$/m,
    );
    expect({ ...bundled, stderr: bundled.stderr.replace(STARTUP_LINE, "") }).toEqual(await mcpConf(args));
  });
});
