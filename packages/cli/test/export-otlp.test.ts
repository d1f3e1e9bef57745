/**
 * `mcp-conf export TRACE -T otlp` (`main(args, io)` in this process): OTLP JSON that is strictly valid against the official
 * protos, with the validator's findings as span events, byte-identical from run to run, written through a temporary
 * file, never over its own input, and never carrying a payload.
 */
import { mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acceptanceSession, SECRET, strictOtlpProblems } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { validate } from "@mcp-conf/validator";
import { beforeAll, describe, expect, it } from "vitest";
import { mcpConf as inProcess, REPO_ROOT } from "./validate-helpers.js";

const mcpConf = (args: string[], cwd = REPO_ROOT, input = "") => inProcess(args, input, {}, cwd);

const toJsonl = (events: TraceEvent[]) => `${events.map((e) => JSON.stringify(e)).join("\n")}\n`;

interface OtlpKeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string };
}
interface OtlpSpan {
  name: string;
  events?: { name: string; attributes: OtlpKeyValue[] }[];
}
const spansOf = (json: string): OtlpSpan[] =>
  (JSON.parse(json) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
    r.scopeSpans.flatMap((s) => s.spans),
  );
const attr = (kvs: OtlpKeyValue[], key: string) => {
  const v = kvs.find((kv) => kv.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
};

let dir: string;
let tracePath: string;
let traceEvents: TraceEvent[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mcp-conf-export-"));
  const { builder } = acceptanceSession("stdio");
  // A tool list with a badly named tool, so the validator has findings to attach.
  traceEvents = builder.events.slice(0, -1);
  let seq = traceEvents[traceEvents.length - 1]!.seq;
  const push = (direction: TraceEvent["direction"], payload: unknown) =>
    traceEvents.push({ seq: ++seq, direction, transport: "stdio", kind: "message", payload });
  push("client-to-server", { jsonrpc: "2.0", id: 7, method: "tools/list" });
  push("server-to-client", {
    jsonrpc: "2.0",
    id: 7,
    result: { tools: [{ name: "weather lookup,v2!", inputSchema: { type: "object" } }] },
  });
  // A resource whose URI is invalid and presigned: the finding quoting it must not carry its credential.
  push("client-to-server", { jsonrpc: "2.0", id: 8, method: "resources/list" });
  push("server-to-client", {
    jsonrpc: "2.0",
    id: 8,
    result: { resources: [{ uri: `https://exa mple.com/r.pdf?sig=${SECRET}`, name: "report" }] },
  });
  tracePath = join(dir, "session.jsonl");
  writeFileSync(tracePath, toJsonl(traceEvents));
});

describe("mcp-conf export -T otlp", () => {
  it("writes strictly valid OTLP JSON to stdout with the validator's findings as span events", async () => {
    const run = await mcpConf(["export", tracePath, "-T", "otlp"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(strictOtlpProblems(JSON.parse(run.stdout))).toEqual([]);

    const report = validate(traceEvents);
    const expected = report.requirements
      .filter((row) => row.outcome === "fail" || row.outcome === "warn")
      .flatMap((row) => (row.findings ?? []).map((f) => `${row.id} ${row.outcome} ${f.seq ?? "-"}`))
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    const exported = spansOf(run.stdout)
      .flatMap((s) => s.events ?? [])
      .filter((e) => e.name === "mcp_conformance.finding")
      .map(
        (e) =>
          `${attr(e.attributes, "mcp_conformance.requirement.id")} ${attr(e.attributes, "mcp_conformance.outcome")} ${
            attr(e.attributes, "mcp_conformance.trace.seq") ?? "-"
          }`,
      )
      .sort();
    expect(exported).toEqual(expected);
    const list = spansOf(run.stdout).find((s) => s.name === "tools/list")!;
    expect(list.events?.map((e) => attr(e.attributes, "mcp_conformance.requirement.id"))).toContain("TOOL-006");
  });

  it("is reproducible: two runs, to stdout and through -o, give the same bytes", async () => {
    const first = (await mcpConf(["export", tracePath, "-T", "otlp"])).stdout;
    const second = (await mcpConf(["export", tracePath, "-T", "otlp"])).stdout;
    expect(second).toBe(first);
    const out = join(dir, "spans.json");
    writeFileSync(out, "old content");
    expect((await mcpConf(["export", tracePath, "-T", "otlp", "-o", out])).code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(first);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("reads standard input for -, giving the same bytes as the file", async () => {
    const fromFile = (await mcpConf(["export", tracePath, "-T", "otlp"])).stdout;
    const fromStdin = await mcpConf(["export", "-", "-T", "otlp"], REPO_ROOT, readFileSync(tracePath, "utf8"));
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile);
  });

  it("streams its input through the reader's limits: endless input (/dev/zero) stops at the line limit, exit 3", async () => {
    // It used to read the whole input first: /dev/zero grew to gigabytes before anything was checked.
    const run = await mcpConf(["export", "/dev/zero", "-T", "otlp"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe("mcp-conf: export: /dev/zero: line 1: line is longer than 1048576 bytes (maxLineBytes)\n");
  }, 120_000);

  it("refuses an output that is its input, by any path, and leaves the trace untouched", async () => {
    const before = readFileSync(tracePath, "utf8");
    const link = join(dir, "link.jsonl");
    symlinkSync(tracePath, link);
    for (const output of [tracePath, link, "./session.jsonl"]) {
      const run = await mcpConf(["export", tracePath, "-T", "otlp", "-o", output], dir);
      expect(run.code, output).toBe(2);
      expect(run.stderr).toMatch(/^mcp-conf: export: the output .* is the input trace; choose another file\n$/);
    }
    expect(readFileSync(tracePath, "utf8")).toBe(before);
  });

  it("exports spans without findings, and says so, when the trace declares no revision", async () => {
    const noHandshake = join(dir, "no-handshake.jsonl");
    writeFileSync(
      noHandshake,
      toJsonl([
        {
          seq: 0,
          direction: "client-to-server",
          transport: "stdio",
          kind: "message",
          payload: { jsonrpc: "2.0", id: 1, method: "ping" },
        },
        {
          seq: 1,
          direction: "server-to-client",
          transport: "stdio",
          kind: "message",
          payload: { jsonrpc: "2.0", id: 1, result: {} },
        },
      ]),
    );
    const run = await mcpConf(["export", noHandshake, "-T", "otlp"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/no-handshake\.jsonl: .*; spans exported without findings\n$/);
    const spans = spansOf(run.stdout);
    expect(spans.map((s) => s.name)).toEqual(["ping"]);
    expect(spans[0]!.events).toBeUndefined();
  });

  it("exports no payload: the secret in arguments, results and URIs is nowhere in the file", async () => {
    const run = await mcpConf(["export", tracePath, "-T", "otlp"]);
    expect(readFileSync(tracePath, "utf8")).toContain(SECRET);
    expect(run.stdout).not.toContain(SECRET);
    // The bad URI's finding travels (BASE-015: an https URI with a space breaks the schema's format "uri"), its
    // value does not.
    expect(run.stdout).toContain('/resources/0/uri: must match format \\"uri\\"');
  });

  it("answers an unknown type and other bad input with one line and a documented exit code", async () => {
    const unknown = await mcpConf(["export", tracePath, "-T", "pdf"]);
    expect(unknown).toMatchObject({
      code: 2,
      stdout: "",
      stderr: 'mcp-conf: export: unknown type "pdf" (expected json, text, html, har, otlp, jsonl)\n',
    });
    expect((await mcpConf(["export", join(dir, "missing.jsonl"), "-T", "otlp"])).code).toBe(2);
    const malformed = join(dir, "malformed.jsonl");
    writeFileSync(malformed, '{"seq":0\n');
    const bad = await mcpConf(["export", malformed, "-T", "otlp"]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^mcp-conf: export: .*malformed\.jsonl: line 1: .*\n$/);
    expect((await mcpConf(["export", "--help"])).stdout).toMatch(/export format: json \| text \| html \| har \| otlp/);
  });
});
