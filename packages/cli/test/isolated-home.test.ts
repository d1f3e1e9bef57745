/**
 * No test touches the user's files (issue 31, item 13): `test server` with a server that dies before listening used
 * to run here with the real environment and left `test-runs/server-<time>/` in the user's state directory. Every
 * test file now runs in a home of its own (the suite's setup), a test that writes state takes one from
 * `isolatedHome()`, and a changed real state directory fails the run. These tests hold each part to what it says.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { stateDirectory } from "@mcp-conf/gate";
import { isolatedHome, realStateChanges, saveRealState } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { BIN } from "./validate-helpers.js";

describe("a test's home", () => {
  it("takes the run directory a failed `test server` leaves, wherever mcp-conf's variables point", () => {
    const home = isolatedHome();
    const run = spawnSync(
      process.execPath,
      [BIN, "test", "server", "--startup-timeout", "2000", "--", process.execPath, "-e", "process.exit(4)"],
      { env: home.env, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain(`run directory ${join(home.state, "test-runs", "server-")}`);
    expect(home.touched()).toEqual([expect.stringMatching(/^test-runs\/server-[^/]+$/)]);
    // Without MCP_CONF_HOME, then without XDG_STATE_HOME too, the state directory is still the same one.
    const { MCP_CONF_HOME: _, ...xdg } = home.env;
    const { XDG_STATE_HOME: __, ...bare } = xdg;
    expect([stateDirectory(home.env), stateDirectory(xdg), stateDirectory(bare)]).toEqual(Array(3).fill(home.state));
    home.remove();
  });

  it("is where this file's own processes run by default, not the user's home", () => {
    expect(process.env.HOME).not.toBe(userInfo().homedir);
    expect(process.env.HOME!.startsWith(tmpdir())).toBe(true);
    expect(stateDirectory()).toBe(join(process.env.HOME!, ".local", "state", "mcp-conf"));
  });
});

describe("the real state directory's guard", () => {
  it("names every entry created, changed or removed since the run began", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-conf-guard-"));
    const state = join(dir, "state");
    mkdirSync(join(state, "sessions"), { recursive: true });
    writeFileSync(join(state, "sessions", "kept.jsonl"), "{}\n");
    writeFileSync(join(state, "sessions", "gone.jsonl"), "{}\n");
    saveRealState(join(dir, "saved.json"), [state, join(dir, "absent")]);
    expect(realStateChanges(join(dir, "saved.json"))).toEqual([]);

    mkdirSync(join(state, "test-runs", "server-x"), { recursive: true });
    rmSync(join(state, "sessions", "gone.jsonl"));
    expect(realStateChanges(join(dir, "saved.json")).sort()).toEqual(
      [
        `${state} modified`,
        `${join(state, "test-runs")} created`,
        `${join(state, "test-runs", "server-x")} created`,
        `${join(state, "sessions")} modified`,
        `${join(state, "sessions", "gone.jsonl")} removed`,
      ].sort(),
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
