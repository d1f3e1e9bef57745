/**
 * `mcp-conf validate FILE…` with no option runs without yargs (start-up); an option sends the same call through
 * yargs. Both must print and exit alike, for passing, failing, unjudgeable and missing traces.
 */
import { describe, expect, it } from "vitest";
import {
  cleanSession,
  failingSession,
  lifecycleOnly,
  mcpConf,
  tempTraces,
  undeclaredSession,
} from "./validate-helpers.js";

describe("validate without options", () => {
  const files = tempTraces({
    "clean.jsonl": cleanSession(),
    "failing.jsonl": failingSession(),
    "undeclared.jsonl": undeclaredSession(),
    "lifecycle.jsonl": lifecycleOnly(),
    "bad.jsonl": "{not json\n",
  });
  const cases: [string, string[]][] = [
    ["a clean trace", [files["clean.jsonl"]!]],
    ["a failing trace", [files["failing.jsonl"]!]],
    ["an undeclared revision", [files["undeclared.jsonl"]!]],
    ["a trace that judges nothing", [files["lifecycle.jsonl"]!]],
    ["a malformed trace", [files["bad.jsonl"]!]],
    ["a missing file", [`${files.dir}/missing.jsonl`]],
    ["several traces", [files["clean.jsonl"]!, files["failing.jsonl"]!, files["bad.jsonl"]!]],
  ];

  it.each(cases)("prints and exits as with explicit default options: %s", async (_, traces) => {
    const plain = await mcpConf(["validate", ...traces]);
    const parsed = await mcpConf(["validate", ...traces, "--format", "text", "--actor", "both"]);
    expect(plain).toEqual(parsed);
    expect(plain.stdout + plain.stderr).not.toBe("");
  });
});
