/**
 * The README's gateway and stdio-recording examples are run as written (their `@mcp-conf/recorder` import pointed at
 * the built package) around server-everything: the client's replies come through, and the trace written holds the
 * session in order, named after the server.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { exampleBlock, fencedBlock } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { assertWellOrdered, EVERYTHING, readTrace, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const DIST = pathToFileURL(new URL("../dist/index.js", import.meta.url).pathname).href;

/** A client's side of a short session over stdio: the handshake and one tool call. */
const SESSION_INPUT = `${[
  {
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "readme", version: "1.0.0" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { message: "hi" } } },
]
  .map((message) => JSON.stringify(message))
  .join("\n")}\n`;

describe("README", () => {
  it("the tiny gateway example forwards a real session and records it", () => {
    const code = fencedBlock(readme, "js");
    expect(code).toBeDefined();
    writeFileSync(join(dir.path, "gateway.mjs"), code!.replace('"@mcp-conf/recorder"', JSON.stringify(DIST)));
    const run = spawnSync(process.execPath, ["gateway.mjs", process.execPath, EVERYTHING, "stdio"], {
      cwd: dir.path,
      input: SESSION_INPUT,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('"id":1');
    expect(run.stdout).toContain("Echo: hi");
    const [file] = readdirSync(join(dir.path, "traces"));
    expect(file).toMatch(/^my-gateway-\d+-[0-9a-f]{12}\.jsonl$/);
    const events = readTrace(join(dir.path, "traces", file!));
    assertWellOrdered(events);
    expect(run.stderr).toContain(`my-gateway: ${events.length} events in traces/${file}, 0 dropped`);
    expect(run.stderr).toContain(`my-gateway: trace written to traces/${file} (${events.length} events)`);
    expect(events.map((e) => e.kind)).toEqual(["lifecycle", ...Array(events.length - 2).fill("message"), "lifecycle"]);
  });

  it("the stdio example relays a real session and names its trace after the server", () => {
    const code = exampleBlock(readme, "stdio-recording").replace('"@mcp-conf/recorder"', JSON.stringify(DIST));
    const cwd = join(dir.path, "stdio");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "recording.mjs"), code);
    const run = spawnSync(process.execPath, ["recording.mjs", process.execPath, EVERYTHING, "stdio"], {
      cwd,
      input: SESSION_INPUT,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Echo: hi");
    const [file] = readdirSync(join(cwd, "traces"));
    expect(file).toMatch(/^server-everything-\d+-[0-9a-f]{12}\.jsonl$/);
    expect(run.stderr).toContain(`recording ${file!.slice(0, -".jsonl".length)} to traces/${file}`);
    const events = readTrace(join(cwd, "traces", file!));
    assertWellOrdered(events);
    expect(run.stderr).toContain(`my-recorder: trace written to traces/${file} (${events.length} events)`);
  });
});
