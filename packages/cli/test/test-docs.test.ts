/**
 * docs/test.md stays true: its scenario table (written by scripts/conformance-table.mjs) has a measured row for every
 * scenario the pinned suite lists, and every option it documents is one `mcp-conf test --help` lists.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listScenarios, resolveSuite } from "@mcp-conf/gate";
import { describe, expect, it } from "vitest";
import { mcpConf, REPO_ROOT } from "./validate-helpers.js";

const doc = readFileSync(join(REPO_ROOT, "docs", "test.md"), "utf8");

describe("docs/test.md", () => {
  it("has a measured row for every scenario of the pinned suite", async () => {
    const suite = await resolveSuite(undefined, REPO_ROOT, process.env);
    const scenarios = [...(await listScenarios(suite, "server")), ...(await listScenarios(suite, "client"))];
    const table = doc.slice(doc.indexOf("<!-- scenario-table:start -->"), doc.indexOf("<!-- scenario-table:end -->"));
    const rows = new Set([...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
    expect(scenarios.filter((s) => !rows.has(s))).toEqual([]);
  }, 60_000);

  it("documents only options the command has", async () => {
    const help = (await mcpConf(["test", "--help"])).stdout;
    const documented = [...doc.matchAll(/^\| `(--[a-z-]+)/gm)].map((m) => m[1]!);
    expect(documented.length).toBeGreaterThan(4);
    expect(documented.filter((option) => !help.includes(option))).toEqual([]);
  });
});
