import { readFileSync } from "node:fs";
import { S2C, TraceBuilder } from "@mcp-conf/testing";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";
import { validate } from "../../engine/judge.js";
import { disallowedCharacters } from "./names.js";
import { jsonEqual } from "./structured-content.js";

const ECHO = {
  name: "echo",
  inputSchema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
};
const WEATHER = {
  name: "weather",
  inputSchema: { type: "object" },
  outputSchema: { type: "object", properties: { t: { type: "number" } }, required: ["t"] },
};

describe("tool names", () => {
  it("lists disallowed characters once each, in order of first appearance", () => {
    expect(disallowedCharacters("weather lookup,v2!")).toBe(" ,!");
    expect(disallowedCharacters("a b c,d")).toBe(" ,");
    expect(disallowedCharacters("getUser.v2_DATA-x")).toBe("");
    expect(disallowedCharacters("naïve🙂")).toBe("ï🙂");
  });

  it("warns TOOL-006 once at seq 5 of the seed's trace, naming TOOL-007 as related, and nothing else", () => {
    const url = new URL("../../../../../corpus/2025-11-25/violations/tool-006-name-charset.jsonl", import.meta.url);
    const events = readFileSync(url, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as TraceEvent);
    const report = validate(events);
    const complaints = report.requirements
      .filter((row) => row.outcome === "fail" || row.outcome === "warn")
      .map(({ id, level, outcome, findings, related }) => ({ id, level, outcome, findings, related }));
    const detail =
      'tool name "weather lookup,v2!" contains characters outside A-Z, a-z, 0-9, underscore, hyphen, and dot: " ,!"';
    expect(complaints).toEqual([
      {
        id: "TOOL-006",
        level: "SHOULD",
        outcome: "warn",
        findings: [{ check: "tool.name-charset", seq: 5, detail, owner: "server" }],
        related: ["TOOL-007"],
      },
    ]);
  });

  it("counts a name's length in characters, not UTF-16 units", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list").answer({
      tools: [
        { name: "🙂".repeat(128), inputSchema: { type: "object" } },
        { name: "", inputSchema: { type: "object" } },
      ],
    });
    expect(findingLines(reportOf(s), "tool.name-length")).toEqual([
      '5: tool name "" is 0 characters long, outside 1 to 128',
    ]);
  });

  it("finds a duplicate across pages of one listing, but not across two listings", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list").answer({ tools: [ECHO], nextCursor: "2" });
    const seq = s.ask("tools/list", { cursor: "2" }).answer({ tools: [ECHO] }).last;
    s.ask("tools/list").answer({ tools: [ECHO] });
    expect(findingLines(reportOf(s), "tool.name-unique")).toEqual([
      `${seq}: tool name "echo" is listed more than once`,
    ]);
  });
});

describe("tool.list-changed-notified (TOOL-002)", () => {
  it("accepts a notification that arrives after the changed list, and ignores unchanged lists", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: { listChanged: true } } });
    s.ask("tools/list").answer({ tools: [ECHO] });
    s.ask("tools/list").answer({ tools: [ECHO] });
    s.ask("tools/list").answer({ tools: [ECHO, WEATHER] });
    s.notify("notifications/tools/list_changed", undefined, S2C);
    const report = reportOf(s);
    expect(findingLines(report, "tool.list-changed-notified")).toEqual([]);
    expect(outcomeOf(report, "TOOL-002")).toBe("pass");
  });

  it("is not applicable when the server did not declare listChanged", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list").answer({ tools: [ECHO] });
    s.ask("tools/list").answer({ tools: [WEATHER] });
    expect(outcomeOf(reportOf(s), "TOOL-002")).toBe("not-applicable");
  });
});

describe("structured content", () => {
  it("compares JSON regardless of key order", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it("exempts error results from the output schema, and wants structuredContent on success", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list").answer({ tools: [WEATHER] });
    s.ask("tools/call", { name: "weather" }).answer({
      content: [{ type: "text", text: "upstream down" }],
      isError: true,
    });
    const seq = s.ask("tools/call", { name: "weather" }).answer({ content: [{ type: "text", text: "{}" }] }).last;
    expect(findingLines(reportOf(s), "tool.structured-content-conforms")).toEqual([
      `${seq}: tools/call "weather": the tool declares an outputSchema but the result has no structuredContent`,
    ]);
  });

  it("finds the serialized JSON in any text block", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/call", { name: "weather" }).answer({
      content: [
        { type: "text", text: "Here you go:" },
        { type: "text", text: '{ "t" : 22.50 }' },
      ],
      structuredContent: { t: 22.5 },
    });
    const report = reportOf(s);
    expect(findingLines(report, "tool.structured-content-serialized")).toEqual([]);
    expect(outcomeOf(report, "TOOL-010")).toBe("pass");
  });
});

describe("tool.invalid-input-rejected (TOOL-012)", () => {
  it("accepts an error result or a JSON-RPC error for arguments that break the inputSchema", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/list").answer({ tools: [ECHO] });
    s.ask("tools/call", { name: "echo", arguments: {} }).answer({
      content: [{ type: "text", text: "bad input" }],
      isError: true,
    });
    s.ask("tools/call", { name: "echo", arguments: { message: 3 } }).fail(-32602, "Invalid params");
    s.ask("tools/call", { name: "echo", arguments: { message: "hi" } }).answer({
      content: [{ type: "text", text: "hi" }],
    });
    const report = reportOf(s);
    expect(findingLines(report, "tool.invalid-input-rejected")).toEqual([]);
    expect(outcomeOf(report, "TOOL-012")).toBe("pass");
  });

  it("does not judge calls to tools it has not seen listed", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    s.ask("tools/call", { name: "echo", arguments: {} }).answer({ content: [] });
    expect(outcomeOf(reportOf(s), "TOOL-012")).toBe("not-observed");
  });
});

describe("capability declarations (TOOL-001, LOG-001, …)", () => {
  it("does not blame the server for a request it refused", () => {
    const s = new TraceBuilder().open().handshake({ server: {} });
    s.ask("completion/complete", { ref: { type: "ref/prompt", name: "p" }, argument: { name: "a", value: "" } }).fail(
      -32601,
      "Method not found",
    );
    const report = reportOf(s);
    expect(findingLines(report, "comp.capability-declared")).toEqual([]);
  });
});

describe("tool.input-schema-valid (BASE-021)", () => {
  it("fails a dangling reference and leaves an unknown dialect and a schema published elsewhere unjudged", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    const seq = s.ask("tools/list").answer({
      tools: [
        { name: "a", inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/nowhere" } } } },
        { name: "b", inputSchema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" } },
        { name: "c", inputSchema: { type: "object", properties: { x: { $ref: "https://example.com/point.json" } } } },
      ],
    }).last;
    const findings = findingLines(reportOf(s), "tool.input-schema-valid");
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(
      new RegExp(`^${seq}: tool "a": inputSchema is not a usable JSON Schema: it does not compile: `),
    );
  });

  it("leaves a missing inputSchema, or one of another type, to tool.input-schema-object (TOOL-003)", () => {
    const s = new TraceBuilder().open().handshake({ server: { tools: {} } });
    const seq = s.ask("tools/list").answer({
      tools: [{ name: "a" }, { name: "b", inputSchema: { type: "string" } }],
    }).last;
    const report = reportOf(s);
    expect(findingLines(report, "tool.input-schema-valid")).toEqual([]);
    expect(findingLines(report, "tool.input-schema-object")).toEqual([
      `${seq}: tool "a": inputSchema is missing, not a JSON Schema object`,
      `${seq}: tool "b": inputSchema has type "string", not "object"`,
    ]);
    expect(findingLines(report, "base.schema-valid")).toEqual([]);
  });
});
