/**
 * One event limit everywhere (issue 31 item 9): a trace past the old 100,000-event cap is read by default (`sessions
 * ls` and the hub called it malformed), and every command that reads traces takes the same `--max-events` — a trace
 * over it is refused as over the limit (exit 3, or `too long` in a listing), a bad value is one line, exit 2.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DirectoryHub } from "@mcp-conf/export";
import { listStoredSessions, storedSessionPath } from "@mcp-conf/gate";
import { isolatedHome } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { mcpConfProcess } from "./validate-helpers.js";
import { CORPUS } from "./watch-helpers.js";

const home = isolatedHome();
afterAll(() => home.remove());
const sessions = join(home.state, "sessions");
mkdirSync(sessions, { recursive: true });

/** A real session (server-everything over stdio) with `extra` progress notifications before its end. */
function longTrace(extra: number): string {
  const lines = readFileSync(join(CORPUS, "real", "everything-stdio.jsonl"), "utf8")
    .trimEnd()
    .split("\n");
  const end = lines.pop()!;
  let seq = JSON.parse(lines.at(-1)!).seq as number;
  const note = (n: number) =>
    `{"seq":${++seq},"direction":"server-to-client","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"line ${n}"}}}`;
  const added = Array.from({ length: extra }, (_, n) => note(n));
  return `${[...lines, ...added, end.replace(/"seq":\d+/, `"seq":${++seq}`)].join("\n")}\n`;
}

const LONG = join(sessions, "long-1-000000000000.jsonl");
writeFileSync(LONG, longTrace(100_010));

describe("--max-events", () => {
  it("reads a long trace with no limit by default: sessions ls judges it", { timeout: 120_000 }, () => {
    const run = mcpConfProcess(["sessions", "ls", "-f", "json"], undefined, home.vars);
    expect(run.stderr).toBe("");
    const [row] = JSON.parse(run.stdout).sessions;
    expect(row.id).toBe("long-1-000000000000");
    expect(["pass", "pass-with-warnings", "fail"]).toContain(row.verdict);
  });

  it("is one option on every command that reads traces, and the listing says 'too long', not malformed", {
    timeout: 120_000,
  }, () => {
    const small = join(CORPUS, "real", "everything-stdio.jsonl");
    const refused: [string, string[]][] = [
      ["validate", ["validate", "--max-events", "5", small]],
      ["export", ["export", "-T", "json", "--max-events", "5", small]],
      ["check", ["check", "--max-events", "5", small]],
      ["diff", ["diff", "--max-events", "5", small, small]],
      ["baseline", ["baseline", "--max-events", "5", small, "--baseline", join(home.root, "baselines")]],
      ["open", ["open", "--max-events", "5", small]],
    ];
    for (const [command, args] of refused) {
      const run = mcpConfProcess(args, undefined, home.vars);
      expect([command, run.code]).toEqual([command, 3]);
      expect(run.stderr).toContain("more than 5 events");
    }
    const listed = mcpConfProcess(["sessions", "ls", "-f", "json", "--max-events", "100"], undefined, home.vars);
    const [row] = JSON.parse(listed.stdout).sessions;
    expect(row.verdict).toBe("too long");
    expect(row.problem).toContain("more than 100 events");
    for (const command of ["validate", "export", "check", "diff", "baseline", "sessions", "open"]) {
      const special: Record<string, string[]> = { export: ["-T", "json", small], sessions: [], diff: [small, small] };
      const args = special[command] ?? [small];
      const bad = mcpConfProcess([command, "--max-events", "0", ...args], undefined, home.vars);
      expect([command, bad.code, bad.stderr]).toEqual([
        command,
        2,
        `mcp-conf: ${command}: --max-events takes a positive integer, not "0"\n`,
      ]);
    }
  });

  it("the hub reads with the same limit", async () => {
    const hub = new DirectoryHub({
      store: {
        directory: sessions,
        list: () => listStoredSessions(home.env),
        path: (id) => storedSessionPath(id, home.env),
      },
      limits: { maxEvents: 100 },
    });
    await hub.look();
    expect(hub.list().list.sessions.map((row) => [row.id, row.verdict])).toEqual([["long-1-000000000000", "too long"]]);
    hub.close();
  });
});
