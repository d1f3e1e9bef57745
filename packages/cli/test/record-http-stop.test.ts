/**
 * `record http` never loses a session: a request still waiting for its answer when the proxy stops (a server hanging
 * on `initialize`, then Ctrl-C) is written, and a session whose trace file exists goes to a numbered sibling. The
 * upstreams are the test's own small servers: no real peer hangs or repeats a session id on demand.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";
import { exitOf, spawnCli, tempDir, textOf } from "./record-helpers.js";

const dir = tempDir();
afterAll(() => dir.remove());

const trace = (path: string): TraceEvent[] => readTraceSync(readFileSync(path, "utf8"));
const INITIALIZE = '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}';

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` };
}

async function startProxy(upstream: string, output: string) {
  const child = spawnCli(["record", "http", "--upstream", upstream, "--listen", "127.0.0.1:0", "-o", output], dir.path);
  child.stdout!.resume();
  const err = textOf(child.stderr!);
  const line = await err.waitFor(/proxying http:\/\/\S+\//);
  return { child, err, url: line.replace("proxying ", "") };
}

function post(url: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

describe("record http: nothing dropped", () => {
  it("writes a request still waiting for its answer, with no session id yet, when the proxy is stopped", async () => {
    let arrived!: () => void;
    const seen = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const hanging = await listen((req) => {
      req.resume();
      req.on("end", arrived); // and never answers
    });
    const out = join(dir.path, "hang", "{session}.jsonl");
    const { child, err, url } = await startProxy(hanging.url, out);
    void post(url, INITIALIZE);
    await seen;
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    hanging.server.closeAllConnections();
    hanging.server.close();
    expect(err.text()).not.toContain("no session was recorded");
    expect(readdirSync(join(dir.path, "hang"))).toEqual(["stateless-1.jsonl"]);
    const events = trace(join(dir.path, "hang", "stateless-1.jsonl"));
    expect(events.map((e) => (e.kind === "lifecycle" ? e.event : e.kind))).toEqual([
      "transport-open",
      "http",
      "message",
      "transport-abort",
      "transport-close",
    ]);
    expect(events[2]).toMatchObject({ kind: "message", payload: { method: "initialize", id: 0 } });
    expect(events[3]).toMatchObject({ meta: { reason: "the proxy stopped before the response ended" } });
  }, 60_000);

  it("gives a session whose trace file exists a numbered sibling, and leaves the existing file alone", async () => {
    // Each initialize is answered with the next of these ids: one whose file exists from an earlier run, then two
    // that make the same file name.
    const ids = ["earlier", "a/b", "a:b"];
    const upstream = await listen((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json", "mcp-session-id": ids.shift() ?? "none" });
        res.end('{"jsonrpc":"2.0","id":0,"result":{}}');
      });
    });
    const traces = join(dir.path, "siblings");
    const { child, err, url } = await startProxy(upstream.url, join(traces, "{session}.jsonl"));
    writeFileSync(join(traces, "earlier.jsonl"), "kept\n");
    for (let i = 0; i < 3; i++) expect(await post(url, INITIALIZE)).toBe(200);
    child.kill("SIGINT");
    expect(await exitOf(child)).toBe(0);
    upstream.server.close();
    expect(readdirSync(traces).sort()).toEqual(["a_b-2.jsonl", "a_b.jsonl", "earlier-2.jsonl", "earlier.jsonl"]);
    expect(readFileSync(join(traces, "earlier.jsonl"), "utf8")).toBe("kept\n");
    const sessionOf = (file: string) => (trace(join(traces, file))[0] as { meta?: { session?: string } }).meta?.session;
    expect(["earlier-2.jsonl", "a_b.jsonl", "a_b-2.jsonl"].map(sessionOf)).toEqual(["earlier", "a/b", "a:b"]);
    expect(err.text().match(/trace written to \S+/g)).toHaveLength(3);
  }, 60_000);
});
