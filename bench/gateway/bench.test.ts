import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const benchDir = dirname(fileURLToPath(import.meta.url));

it("the gateway bench drives sessions direct, through record http and watch http (plain and redacting), and counts every session judged once", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, "bench.ts")], {
    cwd: join(benchDir, "..", ".."),
    encoding: "utf8",
    env: { ...process.env, BENCH_SESSIONS: "3", BENCH_CALLS: "2", BENCH_IDLE_S: "1", BENCH_JUDGE_THREADS: "1" },
    timeout: 170_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const ours = "errors 0 \\(ours 0: own answers 0; upstream broke off 0\\), added p50";
  expect(run.stdout).toMatch(/^ {4}direct {8}sessions 3, served 6\/6, errors 0, p50 /m);
  expect(run.stdout).toMatch(new RegExp(`^ {4}record {8}sessions 3, served 6/6, ${ours} .*, traces 3$`, "m"));
  expect(run.stdout).toMatch(new RegExp(`^ {4}watch {9}sessions 3, served 6/6, ${ours} .*, traces 3, judged 3$`, "m"));
  expect(run.stdout).toMatch(new RegExp(`^ {4}record-redact sessions 3, served 6/6, ${ours} .*, traces 3$`, "m"));
  expect(run.stdout).toMatch(new RegExp(`^ {4}watch-redact  sessions 3, served 6/6, ${ours} .*, judged 3$`, "m"));
  expect(run.stdout).toMatch(
    /^ {4}watch\/record: added p50 x[\d.-]+ \(p50 x[\d.]+\), CPU\/call x[\d.]+, .*; started 3, judged 3$/m,
  );
  expect(run.stdout).toMatch(
    /^ {4}record-redact\/record: added p50 x[\d.-]+ \(p50 x[\d.]+\), .*, threads \d+ vs \d+$/m,
  );
}, 180_000);
