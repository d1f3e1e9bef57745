import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findConfigFile, ProjectConfigError, readProjectConfig } from "../src/index.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "mcp-conf-project-config-")));

function write(path: string, text: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

async function problem(text: string, check?: (key: string) => string | undefined): Promise<string> {
  const file = write(join(root, "errors", `${Math.random().toString(16).slice(2)}.toml`), text);
  try {
    await readProjectConfig({ file, cwd: root, ...(check ? { check } : {}) });
  } catch (error) {
    expect(error).toBeInstanceOf(ProjectConfigError);
    return (error as Error).message.replace(file, "FILE");
  }
  return "no error";
}

describe("finding .mcp-conf.toml", () => {
  it("looks from the working directory up to the repository root, and not above it", () => {
    const repo = join(root, "outer", "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, "a", "b"), { recursive: true });
    write(join(root, "outer", ".mcp-conf.toml"), 'label = "above the repository"\n');
    expect(findConfigFile(join(repo, "a", "b"))).toBeUndefined();
    const top = write(join(repo, ".mcp-conf.toml"), 'label = "top"\n');
    expect(findConfigFile(join(repo, "a", "b"))).toBe(top);
    const nearer = write(join(repo, "a", ".mcp-conf.toml"), 'label = "nearer"\n');
    expect(findConfigFile(join(repo, "a", "b"))).toBe(nearer);
  });

  it("outside a repository reads only the working directory's own file", () => {
    const outside = join(root, "no-repo");
    write(join(outside, ".mcp-conf.toml"), 'label = "x"\n');
    mkdirSync(join(outside, "sub"), { recursive: true });
    expect(findConfigFile(join(outside, "sub"))).toBeUndefined();
    expect(findConfigFile(outside)).toBe(join(outside, ".mcp-conf.toml"));
  });
});

describe("mistakes in the file: one line naming the file and the line", () => {
  it("an unknown key, at top level, in a table, as a table, or dotted", async () => {
    expect(await problem('label = "a"\nlabl = "b"\n')).toBe('FILE:2: unknown key "labl" (see docs/config.md)');
    expect(await problem("[redact]\n\nsecret = true\n")).toBe(
      'FILE:3: unknown key "redact.secret" (see docs/config.md)',
    );
    expect(await problem('label = "a"\n[redcat]\nkeys = []\n')).toBe(
      'FILE:2: unknown key "redcat" (see docs/config.md)',
    );
    expect(await problem('label = "a"\nredact.secret = true\n')).toBe(
      'FILE:2: unknown key "redact.secret" (see docs/config.md)',
    );
  });

  it("a value of the wrong type", async () => {
    expect(await problem("label = 3\n")).toBe("FILE:1: label must be a string");
    expect(await problem('label = ""\n')).toBe("FILE:1: label must be a string");
    expect(await problem('[redact]\nkeys = "password"\n')).toBe("FILE:2: redact.keys must be an array of strings");
    expect(await problem('[redact]\nsecrets = "yes"\n')).toBe("FILE:2: redact.secrets must be true or false");
    expect(await problem("[otlp]\nheaders = { a = 1 }\n")).toBe("FILE:2: otlp.headers must be a table of strings");
    expect(await problem('[judge]\nthreads = "2"\n')).toBe("FILE:2: judge.threads must be a number, 0 or more");
    expect(await problem("[http]\nsession-idle-timeout = -1\n")).toBe(
      "FILE:2: http.session-idle-timeout must be a number, 0 or more",
    );
  });

  it("a value the caller's check refuses", async () => {
    const check = (key: string) => (key === "label" ? "not a label we know" : undefined);
    expect(await problem('revision = "x"\n\nlabel = "a"\n', check)).toBe("FILE:3: label: not a label we know");
  });

  it("a file that is not TOML, or cannot be read", async () => {
    expect(await problem('label = "a"\nb = [\n  1,\n  x\n]\n')).toBe("FILE:4: not valid TOML: invalid value");
    await expect(readProjectConfig({ file: "nope.toml", cwd: root })).rejects.toThrow(
      `${join(root, "nope.toml")}: cannot read the configuration file (no such file)`,
    );
  });
});
