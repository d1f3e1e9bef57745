/**
 * A POST the server refuses at the HTTP level, on a real recorded session: server-everything behind `mcp-conf record
 * http`, where the SDK's transport answers a tools/list whose Accept header lacks text/event-stream with 406 and a
 * JSON-RPC error whose id is null — no answer to the request — and the client retries under the same id. The
 * analysis calls the first request `refused` (with the status and the server's reason) and pairs the retry with its
 * own answer; json, text and HAR exports say so; `check` does not call it unanswered but an error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEverythingHttp, tempDir } from "./record-helpers.js";
import { mcpConf } from "./validate-helpers.js";

const dir = tempDir();
let trace = "";
let refusedTrace = "";

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.text();
  return response;
}

/** A session whose second tools/list is refused (406: its Accept lacks text/event-stream) and then retried. */
async function refusedThenRetried(url: string): Promise<void> {
  const accept = { accept: "application/json, text/event-stream" };
  const initialized = await post(
    url,
    {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "refusal", version: "1.0.0" } },
    },
    accept,
  );
  const session = {
    "mcp-session-id": initialized.headers.get("mcp-session-id")!,
    "mcp-protocol-version": "2025-11-25",
  };
  await post(url, { jsonrpc: "2.0", method: "notifications/initialized" }, { ...accept, ...session });
  const refused = await post(
    url,
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    { accept: "application/json", ...session },
  );
  expect(refused.status).toBe(406);
  const retried = await post(url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { ...accept, ...session });
  expect(retried.status).toBe(200);
}

/** A client that never gets in: requests with no session, refused 400 and (its Accept lacking SSE) 406. */
async function refusedBeforeInitialize(url: string): Promise<void> {
  const accept = { accept: "application/json, text/event-stream" };
  expect((await post(url, { jsonrpc: "2.0", id: 1, method: "tools/list" }, accept)).status).toBe(400);
  const noSse = await post(url, { jsonrpc: "2.0", id: 2, method: "tools/list" }, { accept: "application/json" });
  expect(noSse.status).toBe(406);
}

beforeAll(async () => {
  trace = join(dir.path, "refused.jsonl");
  await recordEverythingHttp(trace, dir.path, refusedThenRetried);
  refusedTrace = join(dir.path, "refused-before-initialize.jsonl");
  await recordEverythingHttp(refusedTrace, dir.path, refusedBeforeInitialize);
}, 60_000);

afterAll(() => dir.remove());

describe("a POST refused with an HTTP error status", { timeout: 60_000 }, () => {
  it("is refused in the analysis, with the status and the server's reason, and its retry is answered", async () => {
    const events = readFileSync(trace, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const requests = events.filter((e) => e.kind === "message" && e.payload?.method === "tools/list");
    const refusal = events.find((e) => e.kind === "http" && e.status === 406);
    expect(requests).toHaveLength(2);
    const document = JSON.parse((await mcpConf(["export", trace, "-T", "json"])).stdout);
    const calls = document.analysis.timeline.filter((e: { kind: string }) => e.kind === "call");
    const [first, retry] = calls.filter((c: { method: string }) => c.method === "tools/list");
    expect(first).toMatchObject({ seq: requests[0].seq, status: "refused", httpStatus: 406, responseSeq: refusal.seq });
    expect(first.error.message).toMatch(/Not Acceptable/);
    expect(retry).toMatchObject({ seq: requests[1].seq, status: "ok" });
    expect(document.analysis.counts.byStatus).toMatchObject({ refused: 1, pending: 0 });
    expect((await mcpConf(["export", trace, "-T", "text"])).stdout).toMatch(/tools\/list · refused \(HTTP 406\)/);
    const har = JSON.parse((await mcpConf(["export", trace, "-T", "har"])).stdout);
    expect(har.log.entries.map((e: { response: { status: number } }) => e.response.status)).toContain(406);
  });

  it("is not unanswered for check, but an error answer", async () => {
    const pending = await mcpConf(["check", trace, "--fail-on", "pending"]);
    expect(pending.code, pending.stdout).toBe(0);
    const error = await mcpConf(["check", trace, "--fail-on", "error", "--format", "json"]);
    expect(error.code).toBe(1);
    const hits = JSON.parse(error.stdout).traces[0].hits;
    expect(hits).toEqual([
      expect.objectContaining({
        signal: "error",
        call: "tools/list",
        owner: "server",
        detail: "refused with HTTP 406",
      }),
    ]);
  });
});

describe("a session refused before its handshake", { timeout: 60_000 }, () => {
  it("check reports the refusals and fails the gate, saying why the clauses were not judged", async () => {
    const run = await mcpConf(["check", refusedTrace]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /not judged clause by clause: every request \(2\) was refused before any handshake \(HTTP 400 x1, HTTP 406 x1\)/,
    );
    const error = await mcpConf(["check", refusedTrace, "--fail-on", "error", "--format", "json"]);
    expect(error.code).toBe(1);
    const [checked] = JSON.parse(error.stdout).traces;
    expect(checked.clean).toBe(false);
    expect(checked.hits.map((hit: { detail: string }) => hit.detail)).toEqual([
      "refused with HTTP 400",
      "refused with HTTP 406",
    ]);
  });
});
