/**
 * The official conformance suite (@modelcontextprotocol/conformance 0.1.13) runs every server scenario against
 * server-everything twice, directly and through the proxy, and must give the same verdict for every check of
 * every scenario, DNS-rebinding included; the proxied traffic lands in one trace per MCP session, and the
 * rebinding scenario's forged Host reaches the server (and the trace) untouched. About 10 s.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileSink, type SessionOpening, startHttpProxy } from "../src/index.js";
import { CONFORMANCE, readTrace, startEverythingHttp, tempDir } from "./helpers.js";

const run = promisify(execFile);
const dir = tempDir();
let everything: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  everything = await startEverythingHttp();
});
afterAll(async () => {
  await everything.stop();
  dir.remove();
});

/** Runs the suite's server scenarios against `url`; returns scenario → "check-id:STATUS" list. */
async function suiteVerdicts(url: string, out: string): Promise<Map<string, string[]>> {
  await run(process.execPath, [CONFORMANCE, "server", "--url", url, "-o", out], { timeout: 120_000 }).catch(
    (error: { code?: number }) => {
      if (error.code !== 1) throw error; // 1: some scenarios fail (server-everything lacks the suite's fixtures)
    },
  );
  const verdicts = new Map<string, string[]>();
  for (const entry of readdirSync(out)) {
    const scenario = entry.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
    const checks = JSON.parse(readFileSync(join(out, entry, "checks.json"), "utf8")) as Array<{
      id: string;
      status: string;
    }>;
    verdicts.set(scenario, checks.map((c) => `${c.id}:${c.status}`).sort());
  }
  return verdicts;
}

describe("the official conformance suite through the proxy", () => {
  it("gives the same verdicts through the proxy as directly, and records one trace per session", async () => {
    const direct = await suiteVerdicts(everything.url, join(dir.path, "direct"));
    const proxy = await startHttpProxy({
      upstream: everything.url,
      listen: { port: 0 },
      sinkForSession: ({ session }: SessionOpening) =>
        fileSink(join(dir.path, "traces", "{session}.jsonl"), { session }),
    });
    const proxied = await suiteVerdicts(proxy.url, join(dir.path, "proxied"));
    const stats = await proxy.close();

    expect(direct.size).toBeGreaterThanOrEqual(30);
    expect(direct.has("dns-rebinding-protection")).toBe(true);
    expect(Object.fromEntries(proxied)).toEqual(Object.fromEntries(direct));

    const files = readdirSync(join(dir.path, "traces"));
    expect(files.length).toBe(stats.sessions.length);
    expect(files.length).toBeGreaterThanOrEqual(direct.size);
    const hosts = new Set<string>();
    for (const file of files) {
      for (const event of readTrace(join(dir.path, "traces", file))) {
        if (event.kind === "http" && event.headers?.host) hosts.add(event.headers.host);
      }
    }
    expect(hosts).toContain("evil.example.com"); // the rebinding scenario's forged Host, forwarded untouched
  }, 150_000);
});
