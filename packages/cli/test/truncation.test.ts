/**
 * Our own cut is never the server's fault: a real SDK client drives server-everything through `record` with a
 * small --max-message-bytes, so requests and answers are cut in the trace; the cut events keep what their start
 * shows (id, method), and `validate` judges no exchange by what was cut away (no false BASE-006 over stdio, no
 * false TRAN-024 over HTTP).
 */
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, EVERYTHING, exitOf, sdk, spawnCli, startEverythingHttp, tempDir, textOf } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

// Above server-everything's initialize result (~2 KB), below its tools/list result and a request carrying PAD.
const CUT = "3000";
const PAD = "m".repeat(6000);

interface JsonReport {
  requirements: Array<{ id: string; outcome: string; findings?: Array<{ check: string; detail: string }> }>;
}

async function failures(trace: string): Promise<string[]> {
  const run = await mcpConf(["validate", trace, "--format", "json"]);
  const report = JSON.parse(run.stdout) as JsonReport;
  return report.requirements
    .filter((r) => r.outcome === "fail" || r.outcome === "warn")
    .flatMap((r) => (r.findings ?? []).map((f) => `${r.id} ${f.check}: ${f.detail}`));
}

const cutEvents = (path: string) =>
  readTraceSync(readFileSync(path, "utf8")).filter(
    (e): e is Extract<TraceEvent, { kind: "raw" }> => e.kind === "raw" && e.truncated === true,
  );

describe("a message cut at --max-message-bytes", () => {
  it("over stdio: a cut tools/call keeps its method, and its whole answer is no orphan (BASE-006)", async () => {
    const { Client, StdioClientTransport } = await sdk();
    const trace = join(dir.path, "stdio.jsonl");
    const client = new Client({ name: "cut-test", version: "1.0.0" });
    const args = [BIN, "record", "stdio", "--max-message-bytes", CUT, "-o", trace, "--", process.execPath, EVERYTHING];
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [...args, "stdio"], stderr: "ignore" }),
    );
    // A long request with a short answer: the answer is recorded whole, its request only in part.
    const echo = await client.callTool({ name: "echo", arguments: { message: "hi" }, _meta: { pad: PAD } });
    await client.close();
    expect(JSON.stringify(echo)).toContain("Echo: hi");

    const cut = cutEvents(trace);
    expect(cut).toHaveLength(1);
    // The SDK writes the id last, so only the method survives the cut; the id is kept when it comes first.
    expect(cut[0]).toMatchObject({ direction: "client-to-server", method: "tools/call" });
    expect(await failures(trace)).toEqual([]);
  });

  describe("over HTTP", () => {
    let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
    beforeAll(async () => {
      everything = await startEverythingHttp();
    });
    afterAll(async () => {
      await everything.stop();
    });

    it("a cut tools/list answer closes its request: it is not called never answered (TRAN-024)", async () => {
      const template = join(dir.path, "http", "{session}.jsonl");
      const args = ["record", "http", "--upstream", everything.url, "--listen", "127.0.0.1:0"];
      const proxy = spawnCli([...args, "--max-message-bytes", CUT, "-o", template], dir.path);
      proxy.stdout!.resume();
      const err = textOf(proxy.stderr!);
      const url = (await err.waitFor(/proxying http:\/\/\S+\//)).replace("proxying ", "");
      const { Client, StreamableHTTPClientTransport } = await sdk();
      const client = new Client({ name: "cut-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      // A short request with a long answer: the request is recorded whole, its answer only in part.
      const tools = await client.listTools();
      await client.close();
      expect(JSON.stringify(tools).length).toBeGreaterThan(Number(CUT));
      proxy.kill("SIGINT");
      expect(await exitOf(proxy)).toBe(0);

      const written = /trace written to (\S+)/.exec(err.text())?.[1];
      expect(written).toBeDefined();
      const trace = isAbsolute(written!) ? written! : join(dir.path, written!);
      expect(cutEvents(trace).map((e) => e.direction)).toEqual(["server-to-client"]);
      expect(await failures(trace)).toEqual([]);
    });
  });
});
