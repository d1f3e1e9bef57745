/**
 * `mcp-conf sessions` over a state directory holding real recorded sessions (server-everything and the wrapper that
 * changes a tool, each driven by the official SDK client through `record stdio` with no -o) and one broken trace:
 * ls newest first with label, start, duration, exchanges and verdict; show; session ids as TRACE for diff and
 * baseline; prune by age, refusing off a terminal without --yes and asking on one.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseAge } from "@mcp-conf/gate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, tempDir } from "./record-helpers.js";
import { EVERYTHING_SERVER, RUG_PULL_SERVER, recordSession } from "./session-recording.js";
import { mcpConf as inProcess } from "./validate-helpers.js";

const dir = tempDir();
const home = join(dir.path, "state");
const sessions = join(home, "sessions");
const DAY = 86_400_000;

const mcpConf = (args: string[]) => inProcess(args, "", { MCP_CONF_HOME: home }, dir.path);

/** The stored session ids, and their files' ages set: `everything` 40 days old, `wrapped` 2 days, `broken` now. */
let everything = "";
let wrapped = "";
beforeAll(async () => {
  await recordSession({ server: EVERYTHING_SERVER, label: "everything", home });
  await recordSession({ server: RUG_PULL_SERVER, label: "wrapped", home });
  const ids = readdirSync(sessions).map((name) => name.replace(/\.jsonl$/, ""));
  everything = ids.find((id) => id.startsWith("everything-"))!;
  wrapped = ids.find((id) => id.startsWith("wrapped-"))!;
  const age = (id: string, days: number) => {
    const when = new Date(Date.now() - days * DAY);
    utimesSync(join(sessions, `${id}.jsonl`), when, when);
  };
  age(everything, 40);
  age(wrapped, 2);
  writeFileSync(join(sessions, "broken.jsonl"), "not json\n");
}, 120_000);
afterAll(() => dir.remove());

describe("mcp-conf sessions ls and show", () => {
  it("lists the stored sessions newest first with label, start, duration, exchanges and verdict", async () => {
    const run = await mcpConf(["sessions"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID +LABEL +START +DURATION +EXCHANGES +VERDICT$/);
    expect(lines.slice(1).map((line) => line.split(/ +/)[0])).toEqual(["broken", wrapped, everything]);
    expect(lines[1]).toMatch(/^broken +- +\S+ +- +- +malformed$/);
    // The wrapped server answers a call that breaks the schema it now lists (TOOL-012): a real fail.
    for (const [line, label, verdict] of [
      [lines[2]!, "wrapped", "fail"],
      [lines[3]!, "everything", "pass"],
    ] as const) {
      expect(line).toMatch(new RegExp(`^\\S+ +${label} +\\d{4}-\\d\\d-\\d\\dT\\S+Z +[\\d.]+ m?s +\\d+ +${verdict}$`));
    }
    expect((await mcpConf(["sessions", "ls"])).stdout).toBe(run.stdout);
  });

  it("gives the same list as JSON, with the reason a trace could not be read", async () => {
    const json = JSON.parse((await mcpConf(["sessions", "ls", "--format", "json"])).stdout);
    expect(json.directory).toBe(sessions);
    expect(json.sessions.map((s: { id: string }) => s.id)).toEqual(["broken", wrapped, everything]);
    expect(json.sessions[0]).toMatchObject({ id: "broken", verdict: "malformed" });
    expect(json.sessions[0].problem).toMatch(/^line 1: invalid JSON/);
    const real = json.sessions[2];
    expect(real).toMatchObject({ id: everything, label: "everything", verdict: "pass" });
    // initialize, notifications/initialized, tools/list and the two tools/call at least.
    expect(real.exchanges).toBeGreaterThanOrEqual(5);
    expect(real.durationMs).toBeGreaterThan(0);
  });

  it("shows one session's facts", async () => {
    const run = await mcpConf(["sessions", "show", everything]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`session        ${everything}\n`);
    expect(run.stdout).toContain("label          everything\n");
    expect(run.stdout).toMatch(/\nserver +mcp-servers\/everything \S+ \(stdio: \S+ \S+ stdio\)\n/);
    expect(run.stdout).toMatch(/\ncalls +\d+ \(\d+ ok\)\n/);
    expect(run.stdout).toMatch(
      /\nverdict +pass at 2025-11-25 \(\d+ pass, 0 fail, \d+ warn\); mcp-conf validate \S+ for the report\n$/,
    );
    const json = JSON.parse((await mcpConf(["sessions", "show", everything, "-f", "json"])).stdout);
    expect(json.session.label).toBe("everything");
    expect(json.judgement.verdict).toBe("pass");
  });

  it("takes session ids wherever a TRACE goes: diff and baseline", async () => {
    const diff = await mcpConf(["diff", everything, wrapped, "--duration-threshold", "60000"]);
    expect(diff.stdout).toContain("tools: 1 changed\n  ~ echo (seq ");
    expect(diff.code).toBe(0);
    const store = join(dir.path, "baselines");
    expect((await mcpConf(["baseline", everything, "--baseline", store, "--label", "same-server"])).code).toBe(0);
    const drift = await mcpConf(["baseline", wrapped, "--baseline", store, "--label", "same-server"]);
    expect(drift.stdout).toContain("/description:");
    expect(drift.code).toBe(1);
  });

  it("refuses a bad id or action with one line and exit 2", async () => {
    expect((await mcpConf(["sessions", "show", "../state"])).stderr).toBe(
      'mcp-conf: sessions show: "../state" is not a session id\n',
    );
    const missing = await mcpConf(["sessions", "show", "no-such-session"]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `mcp-conf: sessions show: no session "no-such-session" in ${sessions}; mcp-conf sessions ls lists them\n`,
    ]);
    expect((await mcpConf(["sessions", "show"])).code).toBe(2);
    expect((await mcpConf(["sessions", "rm"])).stderr).toBe(
      'mcp-conf: sessions: unknown action "rm" (expected ls, show, prune)\n',
    );
    expect((await mcpConf(["sessions", "ls", "--yes"])).code).toBe(2);
  });
});

describe("mcp-conf sessions prune", () => {
  it("needs an age, and a well-formed one", async () => {
    expect((await mcpConf(["sessions", "prune"])).stderr).toBe(
      "mcp-conf: sessions prune: say how old with --older-than (e.g. 30d, 72h)\n",
    );
    const bad = await mcpConf(["sessions", "prune", "--older-than", "a month"]);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'mcp-conf: sessions prune: --older-than takes an age such as 30d, 72h or 1h30m, not "a month"\n',
    ]);
  });

  it("lists what it would delete with --dry-run, and refuses to delete off a terminal without --yes", async () => {
    const dry = await mcpConf(["sessions", "prune", "--older-than", "30d", "--dry-run"]);
    expect(dry.stdout).toMatch(
      new RegExp(`^would delete ${everything} \\(last written \\S+\\)\\nwould delete 1 session\\(s\\), \\d+ bytes\\n$`),
    );
    expect(dry.code).toBe(0);
    const refused = await mcpConf(["sessions", "prune", "--older-than", "30d"]);
    expect([refused.code, refused.stderr]).toEqual([
      2,
      "mcp-conf: sessions prune: would delete 1 session(s); not on a terminal, so say --yes (or --dry-run to list them)\n",
    ]);
    expect(existsSync(join(sessions, `${everything}.jsonl`))).toBe(true);
  });

  it("deletes the traces older than the age with --yes, and leaves baselines alone", async () => {
    const baselines = join(home, "baselines");
    expect((await mcpConf(["baseline", everything])).code).toBe(0);
    const run = await mcpConf(["sessions", "prune", "--older-than", "30d", "--yes"]);
    expect(run.stdout).toMatch(
      new RegExp(`^deleted ${everything} \\(last written \\S+\\)\\ndeleted 1 session\\(s\\), \\d+ bytes\\n$`),
    );
    expect(run.code).toBe(0);
    expect(readdirSync(sessions).sort()).toEqual(["broken.jsonl", `${wrapped}.jsonl`]);
    expect(readdirSync(baselines)).toEqual(["everything.json"]);
  });

  it("asks on a terminal, and deletes only on a yes", () => {
    // util-linux's `script` gives the command a terminal for its standard input.
    if (spawnSync("script", ["--version"]).status !== 0) return;
    const onTerminal = (answer: string) =>
      spawnSync(
        "sh",
        [
          "-c",
          `(sleep 2; echo ${answer}) | script -qec '${process.execPath} ${BIN} sessions prune --older-than 1d' /dev/null`,
        ],
        { encoding: "utf8", env: { ...process.env, MCP_CONF_HOME: home, FORCE_COLOR: "0" } },
      ).stdout;
    const declined = onTerminal("n");
    expect(declined).toContain("delete 1 session(s) last written more than 1d ago from ");
    expect(declined).toContain("nothing deleted");
    expect(existsSync(join(sessions, `${wrapped}.jsonl`))).toBe(true);
    expect(onTerminal("y")).toContain(`deleted ${wrapped} (last written `);
    expect(existsSync(join(sessions, `${wrapped}.jsonl`))).toBe(false);
    expect(existsSync(join(sessions, "broken.jsonl"))).toBe(true);
  }, 60_000);
});

describe("parseAge", () => {
  it("reads days, or hours, minutes and seconds as Go writes a duration", () => {
    expect(parseAge("30d")).toBe(30 * DAY);
    expect(parseAge("72h")).toBe(3 * DAY);
    expect(parseAge("1h30m")).toBe(5_400_000);
    expect(parseAge("90s")).toBe(90_000);
    expect(parseAge("1.5h")).toBe(5_400_000);
    for (const bad of ["", "30", "d", "30 d", "-1d", "0d", "1w", "30dd"]) expect(parseAge(bad)).toBeUndefined();
  });
});
