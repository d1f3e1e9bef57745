/**
 * docs/record.md cannot lie: each ```console block runs in one bash session in a fresh directory, with `mcp-conf`
 * standing for the built binary, `my-server.js` starting server-everything, and a real server-everything HTTP
 * server where the page says `localhost:3000` (the proxy's `127.0.0.1:8080` becomes a free port). A `$ ` line is a
 * command and the lines up to the next one its expected output (stdout and stderr together); a `…` line matches
 * any number of lines and `…` inside a line any text.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BashSession, consoleBlocks, runConsoleBlock } from "./docs-examples.js";
import { BIN, EVERYTHING, REPO_ROOT, startEverythingHttp, tempDir } from "./record-helpers.js";

function lineMatches(actual: string, expected: string): boolean {
  if (!expected.includes("…")) return actual === expected;
  const pattern = expected
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${pattern}$`).test(actual);
}

/** Whether `actual` matches `expected`, a `…` line standing for any run of lines. */
function matches(actual: string[], expected: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [head, ...rest] = expected;
  if (head === "…") {
    for (let skip = 0; skip <= actual.length; skip++) if (matches(actual.slice(skip), rest)) return true;
    return false;
  }
  return actual.length > 0 && lineMatches(actual[0]!, head!) && matches(actual.slice(1), rest);
}

/** A session in `cwd` as its own home, with the `mcp-conf` in `cwd/.bin` on PATH and no colour. */
function sessionIn(cwd: string, substitute: (text: string) => string): BashSession {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.MCP_CONF_HOME;
  delete env.XDG_STATE_HOME;
  env.HOME = cwd;
  env.PATH = `${join(cwd, ".bin")}:${env.PATH ?? ""}`;
  return {
    cwd,
    env,
    commandLine: (command) => `{ ${substitute(command)}
} 2>&1`,
    timeout: 60_000,
  };
}

const markdown = readFileSync(join(REPO_ROOT, "docs", "record.md"), "utf8");
const blocks = consoleBlocks(markdown);
let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
const dir = tempDir();
beforeAll(async () => {
  everything = await startEverythingHttp();
});
afterAll(async () => {
  await everything.stop();
  dir.remove();
});

describe("docs/record.md", () => {
  it("has examples of both modes", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    expect(markdown).toContain("mcp-conf record http --upstream http://localhost:3000/mcp");
  });

  it("every console example prints what the page says it prints", async () => {
    const cwd = join(dir.path, "work");
    spawnSync("mkdir", ["-p", cwd]);
    writeFileSync(join(cwd, "my-server.js"), `import ${JSON.stringify(pathToFileURL(EVERYTHING).href)};\n`);
    // `mcp-conf` on PATH execs the built binary, so `$!` of a background `mcp-conf …` is the proxy itself.
    spawnSync("mkdir", ["-p", join(cwd, ".bin")]);
    writeFileSync(
      join(cwd, ".bin", "mcp-conf"),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
      {
        mode: 0o755,
      },
    );
    const proxyPort = 20000 + Math.floor(Math.random() * 40000);
    const substitute = (text: string) =>
      text
        .replaceAll("localhost:3000", `localhost:${everything.port}`)
        .replaceAll("127.0.0.1:8080", `127.0.0.1:${proxyPort}`);
    const session = sessionIn(cwd, substitute);
    for (const steps of blocks) {
      const outputs = runConsoleBlock(steps, session);
      steps.forEach((step, i) => {
        const expected = step.expected.map(substitute);
        const actual = outputs[i] ?? [];
        expect(matches(actual, expected), `$ ${step.command}\n--- got:\n${actual.join("\n")}`).toBe(true);
      });
    }
  }, 120_000);
});
