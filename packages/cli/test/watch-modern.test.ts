/**
 * `mcp-conf watch` on 2026-07-28 sessions, over stdio and streamable HTTP, driven through the real CLI: the session
 * is judged at 2026-07-28 as it runs, a server breaking a rule is reported live, and the end report is the one
 * validate gives the trace. Both ends are our modern peer (@mcp-conf/testing): the test needs a server that breaks a
 * rule on demand, which the official SDK v2 does not (its clean sessions are judged in the interop matrix and demo).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  MODERN_PEER_MAIN,
  type ModernHttpServer,
  modernHttpTransport,
  modernStdioTransport,
  runModernTour,
  startModernHttpServer,
} from "@mcp-conf/testing";
import { afterAll, describe, expect, it } from "vitest";
import { exitOf, spawnCli, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());
/** tsx's loader by URL: the watched server runs in a temporary directory, where `--import tsx` would not resolve. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

async function watchHttp(server: ModernHttpServer, name: string) {
  const child = spawnCli(
    [
      "watch",
      "http",
      "--upstream",
      server.url,
      "--listen",
      "127.0.0.1:0",
      "-o",
      join(dir.path, `${name}-{session}.jsonl`),
    ],
    dir.path,
  );
  child.stdout!.resume();
  const err = textOf(child.stderr!);
  const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");
  const transport = modernHttpTransport(url);
  await runModernTour(transport);
  await transport.close();
  return { child, err };
}

describe("watch on a 2026-07-28 session", () => {
  it("judges an HTTP session at 2026-07-28 and passes a conforming one", async () => {
    const server = await startModernHttpServer();
    try {
      const { child, err } = await watchHttp(server, "good");
      await new Promise((r) => setTimeout(r, 200));
      child.kill("SIGINT");
      expect(await exitOf(child)).toBe(0);
      const text = err.text();
      expect(text).toMatch(/^MCP trace validation — revision 2026-07-28$/m);
      expect(text).toMatch(/^verdict: pass$/m);
      expect(text).toMatch(/findings so far: 0 fail, 0 warn$/m);
      expect(text).not.toContain("cannot judge");
    } finally {
      await server.close();
    }
  }, 60_000);

  it("reports live a server that answers an unknown method with 400 instead of 404", async () => {
    const server = await startModernHttpServer(0, { unknownMethodStatus: 400 });
    try {
      const { child, err } = await watchHttp(server, "fault");
      const line = await err.waitFor(/FAIL TRAN-\d+ \(MUST\) seq \d+: [^\n]*HTTP 400, not 404/);
      expect(line).toContain("weather/forecast");
      child.kill("SIGINT");
      expect(await exitOf(child)).toBe(0); // an HTTP watch ends with 0 after Ctrl-C, findings or not
      expect(err.text()).toMatch(/^verdict: fail$/m);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("judges a stdio session at 2026-07-28, the client's cancellation included", async () => {
    const child = spawnCli(
      [
        "watch",
        "-o",
        join(dir.path, "stdio.jsonl"),
        "stdio",
        "--",
        process.execPath,
        "--import",
        TSX,
        MODERN_PEER_MAIN,
        "--stdio",
      ],
      dir.path,
    );
    const err = textOf(child.stderr!);
    const transport = modernStdioTransport(child);
    const seen = await runModernTour(transport);
    expect(seen.cancelled?.length).toBe(1);
    await transport.close();
    expect(await exitOf(child)).toBe(0);
    const text = err.text();
    expect(text).toMatch(/^MCP trace validation — revision 2026-07-28$/m);
    expect(text).toMatch(/^verdict: pass$/m);
    expect(text).not.toContain("cannot judge");
  }, 60_000);
});
