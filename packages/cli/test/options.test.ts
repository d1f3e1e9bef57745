/**
 * Bad invocations are refused before anything starts, with one line that quotes what the user typed: a misspelled
 * option never runs the server; a repeated option takes its last value, or is refused where two make no sense; an
 * array option does not swallow the mode; `requirements ID` shows that entry.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpConf } from "./validate-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-options-"));

/** `mcp-conf ARGS` in this process, in `dir`, with its own state directory. */
function run(args: string[]) {
  return mcpConf(args, undefined, { MCP_CONF_HOME: join(dir, "state") }, dir);
}

/** A "server" that leaves a mark when it starts and exits 7. */
function server(mark: string): string[] {
  return [
    process.execPath,
    "-e",
    `require("node:fs").writeFileSync(${JSON.stringify(join(dir, mark))}, "ran"); process.exit(7)`,
  ];
}

const oneLine = (stderr: string) => expect(stderr).toMatch(/^mcp-conf: [^\n]*\n$/);

describe("a misspelled option", () => {
  it.each([
    ["record stdio", ["record", "stdio", "--ouptut", "x.jsonl", "--", ...server("record-stdio")], "record-stdio"],
    ["watch stdio", ["watch", "stdio", "--ouptut", "x.jsonl", "--", ...server("watch-stdio")], "watch-stdio"],
    ["record http", ["record", "http", "--upstream", "http://127.0.0.1:9/", "--lisen", "127.0.0.1:0"], undefined],
  ])("is refused before %s starts anything (exit 2, no server, no trace)", async (_name, args, mark) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-conf: Unknown argument: (ouptut|lisen)\n$/);
    if (mark !== undefined) expect(existsSync(join(dir, mark))).toBe(false);
    expect(existsSync(join(dir, "state"))).toBe(false);
  });
});

describe("a repeated option", () => {
  it("-o twice: the last one wins, and the server's exit code is kept", async () => {
    const result = await run([
      "record",
      "stdio",
      "-o",
      "first.jsonl",
      "-o",
      "second.jsonl",
      "--",
      ...server("o-twice"),
    ]);
    expect(result.code).toBe(7);
    expect(existsSync(join(dir, "second.jsonl"))).toBe(true);
    expect(existsSync(join(dir, "first.jsonl"))).toBe(false);
  });

  it("--label twice: the last one wins", async () => {
    const result = await run([
      "record",
      "stdio",
      "--label",
      "x",
      "--label",
      "y",
      "-o",
      "label.jsonl",
      "--",
      ...server("l"),
    ]);
    expect(result.code).toBe(7);
    const open = JSON.parse(readFileSync(join(dir, "label.jsonl"), "utf8").split("\n")[0]!);
    expect(open.meta.label).toBe("y");
  });

  it.each([
    ["--upstream", "record", ["--upstream", "http://a.test/", "--upstream", "http://b.test/"]],
    ["--listen", "watch", ["--upstream", "http://a.test/", "--listen", "127.0.0.1:0", "--listen", ":0"]],
  ])("%s twice is refused: one proxy has one", async (flag, command, args) => {
    const result = await run([command, "http", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`mcp-conf: ${command}: ${flag} given 2 times; give it once\n`);
  });

  it("--otlp-header before the mode does not swallow the mode", async () => {
    const args = ["watch", "--otlp-header", "A=B", "--otlp", "http://127.0.0.1:9", "stdio", "-o", "otlp.jsonl"];
    const result = await run([...args, "--", ...server("otlp-header")]);
    expect(result.code).toBe(7);
    expect(existsSync(join(dir, "otlp-header"))).toBe(true);
  });
});

describe("error lines quote the value typed", () => {
  it.each([
    [
      ["record", "stdio", "--max-message-bytes", "abc", "--", "true"],
      '--max-message-bytes must be a positive whole number, not "abc"',
    ],
    [
      ["record", "http", "--upstream", "localhost:3000"],
      '--upstream "localhost:3000" is not an http:// or https:// URL',
    ],
    [["record", "http", "--upstream", "http://a.test/", "--listen", "127.0.0.1:"], '--listen "127.0.0.1:" is not'],
    [["validate", "--max-events", "abc", "x.jsonl"], '--max-events takes a positive integer, not "abc"'],
    [["validate", "--max-line-bytes", "1.5", "x.jsonl"], '--max-line-bytes takes a positive integer, not "1.5"'],
  ])("%j", async (args, quoted) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    oneLine(result.stderr);
    expect(result.stderr).toContain(quoted);
  });
});

describe("requirements ID", () => {
  it("shows that one entry, as text and as JSON", async () => {
    const text = await run(["requirements", "BASE-006"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^BASE-006 \(MUST\)/);
    expect(text.stdout.match(/^[A-Z]+-\d{3} \(/gm)).toHaveLength(1);
    const json = JSON.parse((await run(["requirements", "base-006", "--format", "json"])).stdout);
    expect(json.requirements.map((r: { id: string }) => r.id)).toEqual(["BASE-006"]);
  });

  it("an id the registry does not hold is one line and exit 2", async () => {
    const result = await run(["requirements", "BASE-999"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcp-conf: requirements: no requirement "BASE-999" in revision 2026-07-28; mcp-conf requirements lists them all\n',
    );
  });
});

describe("file names in error lines", () => {
  it("are escaped, never printed raw to the terminal", async () => {
    const result = await run(["validate", "x\u001b]0;PWNED\u0007\u202e.jsonl"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-conf validate: x\\u{1b}]0;PWNED\\u{7}\\u{202e}.jsonl: no such file or directory\n");
    const exported = await run(["export", "y\u009b31m.jsonl", "-T", "otlp"]);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toBe("mcp-conf: export: y\\u{9b}31m.jsonl: no such file or directory\n");
  });
});
