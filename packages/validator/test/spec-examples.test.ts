/**
 * The spec's own examples (spec/2026-07-28/schema/examples, written by the spec's authors) as sessions: each request
 * example is put, after a server/discover exchange, before every response example that answers its id, and the
 * session must draw no finding from any check — but where an example contradicts a sentence of the spec, listed
 * below with the sentence and the decision (checks/DESIGN.md). The notification, error and fragment examples are
 * placed in spec-examples-in-context.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { validate } from "../src/engine/judge.js";
import { specDir } from "./registry-sources.js";
import { type FromServer, serverTeardown } from "./spec-example-sessions.js";

const V = "2026-07-28";
const examples = join(specDir(V), "schema", "examples");

/**
 * Findings an example draws because it breaks a sentence of the spec, by requirement id. The check stays as strict as
 * the sentence: the example is the exception, named here.
 */
const CONTRADICTIONS: Record<string, { requirements: string[]; why: string }> = {
  // Every result example leaves out _meta serverInfo: BASE-049 "Servers SHOULD include the following
  // io.modelcontextprotocol/ field in every result's _meta, unless specifically configured not to do so" — a SHOULD
  // the examples do not illustrate; a warning, never a failure.
  "*": { requirements: ["BASE-049", "VER-007"], why: "no _meta serverInfo in the example result" },
  // caching.mdx: "Servers MUST include caching hints on results with resultType: "complete" returned by the
  // following methods: … resources/read" — this example has none (its sibling …-with-ttl.json has them).
  "ReadResourceResultResponse/read-resource-result-response.json": {
    requirements: ["CACHE-001"],
    why: "no ttlMs/cacheScope on a resources/read result",
  },
};

const read = (dir: string) =>
  readdirSync(join(examples, dir)).map((file) => ({
    name: `${dir}/${file}`,
    message: JSON.parse(readFileSync(join(examples, dir, file), "utf8")) as Record<string, unknown>,
  }));
const dirs = readdirSync(examples);
const responses = dirs.filter((d) => d.endsWith("ResultResponse")).flatMap(read);
const requests = dirs
  .filter((d) => d.endsWith("Request") && read(d).some((e) => typeof e.message.method === "string"))
  .flatMap(read)
  .filter((e) => typeof e.message.method === "string" && e.message.id !== undefined);

const discover = [
  {
    jsonrpc: "2.0",
    id: "spec-examples-discover",
    method: "server/discover",
    params: {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": V,
        "io.modelcontextprotocol/clientInfo": { name: "spec-examples", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
      },
    },
  },
  {
    jsonrpc: "2.0",
    id: "spec-examples-discover",
    result: {
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/serverInfo": { name: "spec-examples", version: "1" } },
      supportedVersions: [V],
      capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} },
      ttlMs: 0,
      cacheScope: "private",
    },
  },
];

/** What follows a response example in its session: on stdio the server ends a subscription it answered. */
const after = (response: { name: string; message: Record<string, unknown> }): unknown[] =>
  response.name.startsWith("SubscriptionsListenResultResponse/") ? [serverTeardown(response.message.id as string)] : [];

function session(messages: unknown[]): TraceEvent[] {
  const events: TraceEvent[] = [
    {
      seq: 0,
      direction: "client-to-server",
      transport: "stdio",
      kind: "lifecycle",
      event: "transport-open",
    } as TraceEvent,
  ];
  for (const item of messages) {
    const fromServer = (item as Partial<FromServer>).fromServer;
    const payload = fromServer ?? item;
    const fromClient = !fromServer && typeof (payload as { method?: unknown }).method === "string";
    events.push({
      seq: events.length,
      direction: fromClient ? "client-to-server" : "server-to-client",
      transport: "stdio",
      kind: "message",
      payload,
    } as TraceEvent);
  }
  events.push({
    seq: events.length,
    direction: "client-to-server",
    transport: "stdio",
    kind: "lifecycle",
    event: "transport-close",
  } as TraceEvent);
  return events;
}

const pairs = requests.flatMap((request) =>
  responses.filter((r) => r.message.id === request.message.id).map((response) => [request, response] as const),
);

describe("the spec's examples in a minimal 2026-07-28 session", () => {
  it("pairs every request example with a response example", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(10);
  });

  it.each(pairs.map(([q, r]) => [`${q.name} → ${r.name}`, q, r] as const))(
    "%s draws no finding but the listed contradictions",
    (_n, request, response) => {
      const prefix = request.message.method === "server/discover" ? [] : discover;
      const report = validate(session([...prefix, request.message, response.message, ...after(response)]));
      const allowed = new Set([
        ...CONTRADICTIONS["*"]!.requirements,
        ...(CONTRADICTIONS[response.name]?.requirements ?? []),
      ]);
      const complaints = report.requirements
        .filter((row) => (row.outcome === "fail" || row.outcome === "warn") && !allowed.has(row.id))
        .flatMap((row) => (row.findings ?? []).map((f) => `${row.id} [${f.check}]: ${f.detail}`));
      expect(complaints).toEqual([]);
      const contradiction = CONTRADICTIONS[response.name];
      if (contradiction)
        for (const id of contradiction.requirements)
          expect(report.requirements.find((row) => row.id === id)?.outcome, `${id}: ${contradiction.why}`).toMatch(
            /^(fail|warn)$/,
          );
    },
  );
});
