/**
 * Every command that writes a file with `-o` writes it through one module (src/output.ts): a regular file or a new
 * path is replaced through a temporary file renamed into place; a device, a FIFO or the file behind a symbolic link
 * is written straight through and stays what it was; `-o -` is standard output.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { mcpConf, REPO_ROOT } from "./validate-helpers.js";

const TRACE = join(REPO_ROOT, "corpus", "2025-11-25", "violations", "tool-006-name-charset.jsonl");
let dir: string;
let expected: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mcp-conf-output-"));
  expected = (await mcpConf(["export", TRACE, "-T", "otlp"])).stdout;
  expect(expected.length).toBeGreaterThan(0);
});

function exportIn(cwd: string, output: string) {
  return mcpConf(["export", TRACE, "-T", "otlp", "-o", output], undefined, {}, cwd);
}

describe("export -o", () => {
  it("-o - writes to standard output and creates no file named -", async () => {
    const run = await exportIn(dir, "-");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(expected);
    expect(existsSync(join(dir, "-"))).toBe(false);
  });

  it("writes through a symbolic link: the link stays a link and the file it names gets the output", async () => {
    const target = join(dir, "real.json");
    const link = join(dir, "link.json");
    writeFileSync(target, "old");
    symlinkSync(target, link);
    expect((await exportIn(dir, link)).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, "utf8")).toBe(expected);
  });

  it("keeps an existing regular file's mode when it replaces it", async () => {
    const out = join(dir, "private.json");
    writeFileSync(out, "old", { mode: 0o600 });
    expect((await exportIn(dir, out)).code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, "utf8")).toBe(expected);
  });

  it("writes into a FIFO, which stays a FIFO", async () => {
    const fifo = join(dir, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const reader = spawn("cat", [fifo]);
    let read = "";
    reader.stdout.on("data", (chunk: Buffer) => {
      read += chunk.toString("utf8");
    });
    const closed = new Promise((resolve) => reader.on("close", resolve));
    expect((await exportIn(dir, fifo)).code).toBe(0);
    const stillFifo = statSync(fifo).isFIFO();
    if (!stillFifo) reader.kill();
    await closed;
    expect(stillFifo).toBe(true);
    expect(read).toBe(expected);
  });

  it("writes into a character device, which stays a device (a symlinked /dev/null)", async () => {
    const link = join(dir, "null");
    symlinkSync("/dev/null", link);
    expect((await exportIn(dir, link)).code).toBe(0);
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("a directory that does not exist is one line and exit 2", async () => {
    const run = await exportIn(dir, join(dir, "missing", "out.json"));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mcp-conf: export: .*out\.json: no such file or directory\n$/);
  });
});

describe("file modes (issue 31, item 8)", () => {
  it.each(["html", "json", "text", "har", "otlp", "jsonl"])(
    "export -T %s -o creates the file private to its owner (0600), whatever the umask",
    async (format) => {
      const file = join(dir, `private.${format}`);
      const run = await mcpConf(["export", TRACE, "-T", format, "-o", file], undefined, {}, dir);
      expect(run.code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    },
  );

  it("an existing file keeps the mode its owner gave it", async () => {
    const file = join(dir, "shared.json");
    writeFileSync(file, "old", { mode: 0o644 });
    expect((await exportIn(dir, file)).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });
});
