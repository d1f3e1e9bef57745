/**
 * `mcp-conf completion`: the script it prints, loaded into a real bash, completes command names, a command's options
 * (including ones only its builder declares), its modes, declared choices, and the wrapped server's command after
 * `--`; an unknown shell is one line and exit 2.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { mcpConf } from "./validate-helpers.js";

const script = (await mcpConf(["completion", "bash"])).stdout;

/** What bash's completion offers for the command line `words`, the last word being the one completed. */
function complete(...words: string[]): string[] {
  const array = words.map((word) => `'${word}'`).join(" ");
  const program = `${script}\nCOMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _mcp_conf; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync("bash", ["--norc", "-c", program], { encoding: "utf8", cwd: "/" });
  expect(run.stderr).toBe("");
  return run.stdout.split("\n").filter(Boolean).sort();
}

describe("mcp-conf completion", () => {
  it("completes command names", () => {
    expect(complete("mcp-conf", "va")).toEqual(["validate"]);
    expect(complete("mcp-conf", "")).toEqual(expect.arrayContaining(["watch", "check", "completion", "--help"]));
  });

  it("completes each command's options, from its builder", () => {
    expect(complete("mcp-conf", "check", "--fa")).toEqual(["--fail-on"]);
    expect(complete("mcp-conf", "watch", "stdio", "--redact-")).toEqual([
      "--redact-key",
      "--redact-path",
      "--redact-secrets",
      "--redact-value",
    ]);
  });

  it("completes modes and declared choices", () => {
    expect(complete("mcp-conf", "watch", "")).toEqual(["http", "stdio"]);
    expect(complete("mcp-conf", "test", "")).toEqual(["client", "server"]);
    expect(complete("mcp-conf", "wrap", "--client", "cl")).toEqual(["claude-code", "claude-desktop"]);
  });

  it("completes the wrapped server's command after --", () => {
    expect(complete("mcp-conf", "watch", "stdio", "--", "bas")).toContain("bash");
  });

  it("refuses an unknown shell in one line, exit 2", async () => {
    const run = await mcpConf(["completion", "tcsh"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mcp-conf: completion: unknown shell "tcsh" (expected bash)\n');
  });
});
