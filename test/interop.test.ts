/**
 * The interop matrix (packages/testing/src/interop): every client configuration against every server over stdio and
 * streamable HTTP, recorded and judged by the built CLI. Nothing it fails or warns may go unexplained, every
 * documented true finding quotes its clause verbatim and still shows, and docs/judged-against.md is what the run
 * renders. Needs the real peers (`sh scripts/ensure-peers.sh`, which the README's test command runs first).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EXPECTED_REFUSALS,
  expectedRefusal,
  trueFindings,
  unexplained,
} from "../packages/testing/src/interop/explanations.js";
import { type Cell, runMatrix } from "../packages/testing/src/interop/matrix.js";
import { renderJudgedAgainst, unusedTrueFindings } from "../packages/testing/src/interop/render.js";
import { CLI, REPO_ROOT } from "../packages/testing/src/peers/catalogue.js";

const REVISIONS = ["2025-11-25", "2026-07-28"];
let cells: Cell[] = [];

describe("the interop matrix", () => {
  beforeAll(async () => {
    for (const peer of [".peers/python/bin/python", ".peers/go/bin/server", ".peers/go/bin/client"]) {
      if (!existsSync(join(REPO_ROOT, peer))) throw new Error(`${peer} is missing: run sh scripts/ensure-peers.sh`);
    }
    cells = await runMatrix({ concurrency: 3 });
  }, 900_000);

  it("holds a session wherever the pair shares a revision, and none where it does not", () => {
    const refused = cells.filter((c) => !c.connected);
    expect(unexplained(cells).filter((line) => line.includes("session"))).toEqual([]);
    for (const refusal of EXPECTED_REFUSALS) {
      expect(refused.filter((c) => expectedRefusal(c) === refusal).length).toBeGreaterThan(0);
    }
    expect(cells.filter((c) => c.connected).length).toBeGreaterThan(cells.length / 2);
  });

  it("has no unexplained fail or warn", () => {
    expect(unexplained(cells)).toEqual([]);
  });

  it("explains with documented true findings that still show", () => {
    expect(unusedTrueFindings(cells, REVISIONS)).toEqual([]);
  });

  it("is what docs/judged-against.md shows (pnpm interop --write regenerates it)", () => {
    expect(readFileSync(join(REPO_ROOT, "docs", "judged-against.md"), "utf8")).toBe(renderJudgedAgainst(cells));
  });
});

describe("the documented true findings", () => {
  it.each(REVISIONS)("of %s quote their requirement's clause verbatim", (revision) => {
    const registry = JSON.parse(
      execFileSync(process.execPath, [CLI, "requirements", "--revision", revision, "--format", "json"], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      }),
    ) as { requirements: { id: string; source: { quote: string } }[] };
    const quotes = new Map(registry.requirements.map((r) => [r.id, r.source.quote]));
    const findings = trueFindings(revision);
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) {
      expect(finding.clause, `${finding.peer} ${finding.requirement}`).toBe(quotes.get(finding.requirement));
      expect(finding.what.length).toBeGreaterThan(20);
    }
  });
});
