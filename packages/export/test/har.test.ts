/**
 * `export -T har` is HAR 1.2, valid against the har-schema package's schemas; over streamable HTTP each HTTP request
 * is one entry whose response carries the answer to the JSON-RPC request it posted, even when the server answers
 * out of order; a stdio session becomes synthetic entries, one per call, and says so.
 */
import { createRequire } from "node:module";
import { analyzeTrace } from "@mcp-conf/analysis";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { Entry, Har } from "har-format";
import { describe, expect, it } from "vitest";
import { collectSession } from "../src/index.js";
import { loadCorpus } from "./support.js";

const require = createRequire(import.meta.url);
const harSchemas = require("har-schema") as Record<string, Record<string, unknown>>;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
const validHar = ajv.getSchema("har.json#")!;

async function harOf(events: TraceEvent[]): Promise<Har> {
  const { document, har } = await collectSession(events, { har: true, contextCost: false });
  return JSON.parse(JSON.stringify(har!.har(document.analysis, "test")));
}

/** The JSON-RPC messages an entry's body text holds (a JSON body, or SSE data lines). */
function messages(text: string | undefined): Record<string, unknown>[] {
  if (!text) return [];
  const lines = text.startsWith("data: ")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
    : text.split("\n");
  return lines.map((line) => JSON.parse(line));
}

const requestIds = (entry: Entry) =>
  messages(entry.request.postData?.text)
    .filter((m) => "method" in m && "id" in m)
    .map((m) => m.id);

describe("the HAR export", () => {
  for (const name of [
    "real/everything-http.jsonl",
    "good/base-http-everything-concurrent.jsonl",
    "good/base-http-session-deleted.jsonl",
  ]) {
    it(`${name}: one valid entry per HTTP request, each answered on its own response`, async () => {
      const events = loadCorpus(name);
      const har = await harOf(events);
      expect(validHar(har), JSON.stringify(validHar.errors?.slice(0, 3))).toBe(true);
      const httpRequests = events.filter((e) => e.kind === "http" && e.direction === "client-to-server");
      expect(har.log.entries).toHaveLength(httpRequests.length);
      expect(har.log.entries.map((e) => e.request.method)).toEqual(
        httpRequests.map((e) => (e as { method?: string }).method),
      );
      for (const entry of har.log.entries) {
        for (const id of requestIds(entry)) {
          const answers = messages(entry.response.content.text).filter((m) => !("method" in m) && m.id === id);
          expect(answers, `answer to id ${String(id)} in ${entry.comment}`).toHaveLength(1);
        }
        const posted = messages(entry.request.postData?.text);
        if (
          entry.request.method === "POST" &&
          posted.length > 0 &&
          posted.every((m) => !("id" in m) || !("method" in m))
        ) {
          expect(entry.response.status).toBe(202);
        }
      }
    });
  }

  it("times an entry from its request to its response where the recorder stamped both", async () => {
    const events = loadCorpus("good/base-http-everything-concurrent.jsonl");
    const har = await harOf(events);
    const first = har.log.entries[0]!;
    const requestTs = events.find((e) => e.kind === "http")!.ts!;
    const responseTs = events.find((e) => e.kind === "http" && e.direction === "server-to-client")!.ts!;
    expect(first.startedDateTime).toBe(requestTs);
    expect(first.timings.wait).toBe(Date.parse(responseTs) - Date.parse(requestTs));
    expect(first.time).toBe(first.timings.wait + first.timings.receive!);
  });

  it("makes a stdio session one synthetic entry per call and says so in log.comment", async () => {
    const events = loadCorpus("real/everything-stdio.jsonl");
    const har = await harOf(events);
    expect(validHar(har), JSON.stringify(validHar.errors?.slice(0, 3))).toBe(true);
    expect(har.log.comment).toMatch(/stdio session.*synthetic/);
    const analysis = await analyzeTrace(events, { contextCost: false });
    expect(har.log.entries).toHaveLength(analysis.counts.calls);
    const first = har.log.entries[0]!;
    expect(JSON.parse(first.request.postData!.text!)).toMatchObject({ method: "initialize" });
    const answer = JSON.parse(first.response.content.text!);
    expect(isPlainObject(answer) && answer.id).toBe(0);
  });
});
