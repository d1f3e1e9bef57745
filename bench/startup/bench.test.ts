import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

describe("start-up bench (smoke)", () => {
  it("times every command against its baseline, and the demo's CPU, and hands its rows (wall, and CPU on Linux) to the closing table", () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-startup-test-"));
    const summary = join(dir, "rows.jsonl");
    try {
      const out = execFileSync(process.execPath, ["--import", "tsx", join(here, "bench.ts")], {
        env: { ...process.env, BENCH_ROUNDS: "1", BENCH_MESSAGES: "100", BENCH_SUMMARY: summary },
        encoding: "utf8",
      });
      expect(out).toMatch(/mcp-conf --version\s+\d+ ms\s+[+−]\d+ ms over node -e 0/);
      expect(out).toMatch(/validate, 3-event trace\s+\d+ ms/);
      expect(out).toMatch(/a read\+JSON\.parse process/);
      if (process.platform === "linux") {
        expect(out).toMatch(/CPU medians .* node -e 0 \d+ ms/);
        expect(out).toMatch(
          /^demo: mcp-conf demo used \d+ ms of CPU with every process it started, x\d+\.\d\d node -e 0's/m,
        );
      }
      const rows = readFileSync(summary, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(rows.map((row) => row.bench)).toEqual(Array(process.platform === "linux" ? 6 : 3).fill("startup"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
