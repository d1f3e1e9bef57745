/**
 * The README's gateway example is run as written (its `@mcp-conf/recorder` import pointed at the built package)
 * around server-everything: the client's replies come through, and the trace it wrote holds the session in order.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fencedBlock } from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { assertWellOrdered, EVERYTHING, readTrace, tempDir } from "./helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const DIST = pathToFileURL(new URL("../dist/index.js", import.meta.url).pathname).href;

describe("README", () => {
  it("the tiny gateway example forwards a real session and records it", () => {
    const code = fencedBlock(readme, "js");
    expect(code).toBeDefined();
    writeFileSync(join(dir.path, "gateway.mjs"), code!.replace('"@mcp-conf/recorder"', JSON.stringify(DIST)));
    const input = [
      {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "readme", version: "1.0.0" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { message: "hi" } } },
    ]
      .map((m) => JSON.stringify(m))
      .join("\n");
    const run = spawnSync(process.execPath, ["gateway.mjs", process.execPath, EVERYTHING, "stdio"], {
      cwd: dir.path,
      input: `${input}\n`,
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
});
