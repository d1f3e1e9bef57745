// Regenerates the scenario table of docs/test.md: every scenario of the pinned conformance suite, run through
// `mcp-conf test` against the suite's own example peers (vendored under peers/), with both verdicts as measured.
// Run after `pnpm build`: node scripts/conformance-table.mjs   (takes several minutes: one suite run per scenario)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const tsx = join(root, "node_modules", ".bin", "tsx");
const examples = join(root, "peers", "conformance-0.1.16", "examples");
const doc = join(root, "docs", "test.md");
const work = mkdtempSync(join(tmpdir(), "mcp-conf-table-"));

/** The peers each mode is measured against: the good example on every scenario, the known-bad ones where they fail. */
const RUNS = [
  { mode: "server", peer: "servers/typescript/everything-server.ts" },
  {
    mode: "server",
    peer: "servers/typescript/no-dns-rebinding-protection.ts",
    scenarios: ["dns-rebinding-protection"],
  },
  { mode: "client", peer: "clients/typescript/everything-client.ts" },
  { mode: "client", peer: "clients/typescript/test-broken.ts", scenarios: ["initialize", "tools_call"] },
  { mode: "client", peer: "clients/typescript/auth-test-no-pkce.ts", scenarios: ["auth/metadata-default"] },
];

const rows = [];
for (const [index, run] of RUNS.entries()) {
  const args = ["test", run.mode, "--format", "json", "--run-dir", join(work, String(index))];
  for (const scenario of run.scenarios ?? []) args.push("--scenario", scenario);
  args.push("--", tsx, join(examples, run.peer));
  process.stderr.write(`${run.mode} ${run.peer}\n`);
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", maxBuffer: 256 << 20 });
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`mcp-conf test exited ${result.status}: ${result.stderr}`);
  for (const scenario of JSON.parse(result.stdout).scenarios)
    rows.push({ peer: run.peer.split("/").pop(), ...summarise(scenario) });
}
rmSync(work, { recursive: true, force: true });

function summarise(s) {
  const failed = s.suite.checks.filter((c) => c.status === "FAILURE").map((c) => c.id);
  const warned = s.suite.checks.filter((c) => c.status === "WARNING").map((c) => c.id);
  const suite = s.suite.problem
    ? "no checks"
    : failed.length
      ? `FAIL (${failed.join(", ")})`
      : warned.length
        ? `pass, WARNING (${warned.join(", ")})`
        : "pass";
  const fails = s.ours.rows.filter((r) => r.outcome === "fail").map((r) => r.id);
  const warns = s.ours.rows.filter((r) => r.outcome === "warn").map((r) => r.id);
  const ours = s.ours.unrecorded
    ? "not recorded (OAuth)"
    : s.ours.traces.length === 0
      ? "no MCP traffic"
      : fails.length
        ? `FAIL (${fails.join(", ")})`
        : `pass${warns.length ? `, WARN (${warns.join(", ")})` : ""} — ${s.ours.rows.filter((r) => r.outcome === "pass").length} rows pass`;
  return { scenario: s.scenario, suite, ours, disagreements: s.disagreements.length };
}

const table = [
  "| scenario | peer | suite | ours | disagreements |",
  "|---|---|---|---|---|",
  ...rows.map((r) => `| \`${r.scenario}\` | ${r.peer} | ${r.suite} | ${r.ours} | ${r.disagreements} |`),
].join("\n");
const text = readFileSync(doc, "utf8");
const start = "<!-- scenario-table:start -->";
const end = "<!-- scenario-table:end -->";
const before = text.slice(0, text.indexOf(start) + start.length);
const after = text.slice(text.indexOf(end));
writeFileSync(doc, `${before}\n${table}\n${after}`);
process.stderr.write(`docs/test.md: ${rows.length} rows\n`);
