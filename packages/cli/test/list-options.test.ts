/**
 * List-valued options keep every value, given on the command line (repeated or comma-separated) or as a list in
 * `.mcp-conf.toml`: each list-valued key's option is an array option or one of the command's `lists` in every command
 * that takes it (any other option keeps its last value only), and `check`'s gate fires on each signal a list names.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_KEYS } from "@mcp-conf/project-config";
import { afterAll, describe, expect, it } from "vitest";
import yargs, { type Argv } from "yargs";
import { COMMANDS, commandName } from "../src/commands/index.js";
import { REPO_ROOT, tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

/** The options a command's builder declares: every name, and the names declared as arrays. */
async function optionsOf(entry: (typeof COMMANDS)[number]): Promise<{ keys: Set<string>; lists: Set<string> }> {
  const command = await entry.load();
  const built = command.builder(yargs([])) as Argv & { getOptions(): { array: string[]; key: object } };
  const options = built.getOptions();
  return { keys: new Set(Object.keys(options.key)), lists: new Set([...options.array, ...(command.lists ?? [])]) };
}

describe("every list-valued key of the configuration file", () => {
  const listKeys = Object.entries(CONFIG_KEYS).filter(([, spec]) => spec.type === "strings" || spec.type === "table");

  it("is found (the keys this test covers)", () => {
    expect(listKeys.map(([key]) => key)).toEqual(
      expect.arrayContaining(["redact.keys", "redact.values", "redact.paths", "otlp.headers", "check.fail-on"]),
    );
  });

  for (const [key, spec] of listKeys) {
    it(`${key}: --${spec.option} keeps every value in every command that takes it`, async () => {
      let takers = 0;
      for (const entry of COMMANDS) {
        const name = commandName(entry);
        if (spec.commands !== undefined && !spec.commands.includes(name)) continue;
        const { keys, lists } = await optionsOf(entry);
        if (!keys.has(spec.option)) continue;
        takers++;
        expect(lists.has(spec.option), `${name} --${spec.option}`).toBe(true);
      }
      expect(takers).toBeGreaterThan(0);
    });
  }
});

describe("check --fail-on keeps every signal", () => {
  const failing = join(REPO_ROOT, "corpus", "2025-11-25", "violations", "base-002-jsonrpc-version.jsonl");
  const env = { MCP_CONF_HOME: join(dir.path, "home") };

  async function signalsOf(args: string[], cwd = REPO_ROOT): Promise<{ code: number | null; signals: string[] }> {
    const run = await mcpConf(["check", failing, "--format", "json", ...args], undefined, env, cwd);
    const json = JSON.parse(run.stdout) as { signals: string[]; traces: { hits: { signal: string }[] }[] };
    expect(json.traces[0]!.hits.some((hit) => hit.signal === "fail")).toBe(json.signals.includes("fail"));
    return { code: run.code, signals: json.signals };
  }

  it("from the configuration file's list: fail and secret, not the last alone", async () => {
    const project = join(dir.path, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, ".mcp-conf.toml"), '[check]\nfail-on = ["fail", "secret"]\n');
    const run = await signalsOf([], project);
    expect(run.signals).toEqual(["fail", "secret"]);
    expect(run.code).toBe(1);
  });

  it("from the command line, repeated and comma-separated alike", async () => {
    const repeated = await signalsOf(["--no-config", "--fail-on", "fail", "--fail-on", "secret"]);
    expect(repeated.signals).toEqual(["fail", "secret"]);
    expect(repeated.code).toBe(1);
    const listed = await signalsOf(["--no-config", "--fail-on", "secret,fail"]);
    expect(listed.signals).toEqual(["fail", "secret"]);
    // Without --no-config the plain reading (no yargs) takes the line: the same result.
    expect((await signalsOf(["--fail-on", "fail", "--fail-on", "secret"])).signals).toEqual(["fail", "secret"]);
    // The option takes one word: a trace after it is a trace, not a signal.
    const after = await mcpConf(
      ["check", "--no-config", "--fail-on", "fail", failing, "--format", "json"],
      undefined,
      env,
    );
    expect(JSON.parse(after.stdout).signals).toEqual(["fail"]);
  });
});
