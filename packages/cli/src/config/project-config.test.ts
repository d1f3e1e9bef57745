import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configChoice, defaultsFor, loadProjectConfig } from "./project-config.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "mcp-conf-config-")));

function write(path: string, text: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

async function problem(text: string): Promise<string> {
  const file = write(join(root, "errors", `${Math.random().toString(16).slice(2)}.toml`), text);
  try {
    await loadProjectConfig({ file }, root);
  } catch (error) {
    return (error as Error).message.replace(file, "FILE");
  }
  return "no error";
}

describe("the command line's choice", () => {
  it("reads --config FILE, --config=FILE and --no-config before --, never after it", () => {
    expect(configChoice(["record", "--config", "a.toml", "stdio"])).toEqual({ file: "a.toml" });
    expect(configChoice(["record", "--config=b.toml"])).toEqual({ file: "b.toml" });
    expect(configChoice(["record", "--no-config"])).toEqual({ none: true });
    expect(configChoice(["record", "stdio", "--", "server", "--config", "server.toml"])).toBeUndefined();
    expect(() => configChoice(["record", "--config"])).toThrow("--config needs a file name");
  });
});

describe("the file's values", () => {
  it("become defaults of the options the command has, paths relative to the file", async () => {
    const file = write(
      join(root, "project", ".mcp-conf.toml"),
      [
        'label = "weather"',
        'output = "traces/{session}.jsonl"',
        'revision = "2025-06-18"',
        "[redact]",
        'keys = ["password"]',
        "secrets = true",
        "[otlp]",
        'endpoint = "http://localhost:4318"',
        'headers = { "x-team" = "mcp", x-env = "dev" }',
        "[report]",
        'format = "json"',
        "quiet = true",
        "",
      ].join("\n"),
    );
    const config = (await loadProjectConfig(undefined, join(root, "project")))!;
    expect(config.file).toBe(file);
    const watch = new Set([
      "label",
      "output",
      "revision",
      "redact-key",
      "redact-secrets",
      "otlp",
      "otlp-header",
      "quiet",
    ]);
    expect(defaultsFor(config, "watch", watch)).toEqual({
      label: "weather",
      output: join(root, "project", "traces", "{session}.jsonl"),
      revision: "2025-06-18",
      "redact-key": ["password"],
      "redact-secrets": true,
      otlp: "http://localhost:4318",
      "otlp-header": ["x-team=mcp", "x-env=dev"],
      quiet: true,
    });
    // validate has --format and --revision; export has -o but output is record's and watch's only.
    expect(defaultsFor(config, "validate", new Set(["format", "revision", "output"]))).toEqual({
      format: "json",
      revision: "2025-06-18",
    });
    expect(defaultsFor(config, "export", new Set(["output", "redact-key"]))).toEqual({ "redact-key": ["password"] });
  }, 120_000); // the checks load the validator and the OTLP mapper

  it("--no-config reads nothing", async () => {
    expect(await loadProjectConfig({ none: true }, join(root, "project"))).toBeUndefined();
  });
});

describe("mistakes in the file: one line naming the file and the line", () => {
  it("a value the option would refuse", async () => {
    expect(await problem('\nrevision = "1999-01-01"\n')).toMatch(/^FILE:2: revision: unknown revision "1999-01-01"/);
    expect(await problem('[report]\nformat = "yaml"\n')).toBe(
      'FILE:2: report.format: unknown format "yaml" (expected text, json, junit, sarif)',
    );
    expect(await problem('actor = "proxy"\n')).toBe('FILE:1: actor: "proxy" is not one of server, client, both');
    expect(await problem('[redact]\nvalues = ["("]\n')).toMatch(/^FILE:2: redact.values: /);
    expect(await problem('[redact]\npaths = ["$..[?"]\n')).toMatch(/^FILE:2: redact.paths: /);
    expect(await problem('[otlp]\nendpoint = "ftp://x"\n')).toMatch(/^FILE:2: otlp.endpoint: /);
    expect(await problem("[judge]\nthreads = 0\n")).toBe(
      'FILE:2: judge.threads: --judge-threads must be a whole number from 1 to 256, not "0"',
    );
  }, 120_000);
});
