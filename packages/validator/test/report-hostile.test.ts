/**
 * Hostile sessions end to end: traces whose payloads carry control characters, bidi overrides, `</script>`, `]]>`,
 * 1 MiB strings and deep nesting go through the reader and the judge, and every report format stays well-formed.
 * Then random events and random bytes: the validator answers with a report or a typed error, never a crash.
 */

import { expectSarifShape } from "@mcp-conf/testing";
import { isTraceFormatError, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { RevisionError } from "../src/engine/errors.js";
import { validate } from "../src/engine/judge.js";
import type { Report } from "../src/engine/types.js";
import { REPORT_FORMATS, renderReport } from "../src/report/index.js";
import { eventBody, HANDSHAKE, withSeq } from "./random-traces.js";

const HOSTILE = [
  "\u001b[2J\u001b]0;pwned\u0007",
  "\u202egnp.exe\u202c",
  "</script><script>alert(1)</script>",
  "]]><!-- -->",
  "\u0000\u0001\u000b\u007f\u0085",
  "\ud800 lone \udfff",
  "\ufffe\uffff",
  "line\nbreak\r\ttab",
  "\u009b31mred\u009b0m \u200bzero\u2066isolate\u2069",
];
/** What must never reach a terminal raw from any report format (tab and line feed are layout). */
const TERMINAL_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const MIB = "m".repeat(1024 * 1024 - 200);

function deep(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { nested: value };
  return value;
}

/** A realistic stdio session whose server-provided and client-provided text is hostile. */
function hostileTrace(): string {
  const base = { transport: "stdio" };
  const c2s = { ...base, direction: "client-to-server" };
  const s2c = { ...base, direction: "server-to-client" };
  const lines: object[] = [
    { ...c2s, kind: "lifecycle", event: "transport-open" },
    {
      ...c2s,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: HOSTILE[0], version: "1" } },
      },
    },
    {
      ...s2c,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 0,
        result: {
          protocolVersion: "2025-11-25",
          capabilities: { tools: {}, logging: {} },
          serverInfo: { name: HOSTILE[1], version: "1" },
        },
      },
    },
    { ...c2s, kind: "message", payload: { jsonrpc: "2.0", method: "notifications/initialized" } },
    { ...c2s, kind: "message", payload: { jsonrpc: "2.0", id: 1, method: "tools/list" } },
    {
      ...s2c,
      kind: "message",
      payload: {
        jsonrpc: "2.0",
        id: 1,
        result: {
          tools: [
            ...HOSTILE.map((name) => ({ name, description: name, inputSchema: { type: "object" } })),
            { name: MIB, inputSchema: { type: "object" } },
          ],
        },
      },
    },
    {
      ...c2s,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: HOSTILE[2], arguments: deep(100) } },
    },
    {
      ...s2c,
      kind: "message",
      payload: { jsonrpc: "2.0", id: 2, error: { code: -32602, message: HOSTILE.join(" ") } },
    },
    { ...c2s, kind: "message", payload: { jsonrpc: "2.0", id: 3, method: HOSTILE[3] } },
    { ...s2c, kind: "message", payload: { jsonrpc: "2.0", id: 3, result: { x: HOSTILE[4] } } },
    { ...s2c, kind: "raw", text: HOSTILE.join("") },
    { ...s2c, kind: "stderr", text: HOSTILE.join("") },
    { ...s2c, kind: "message", payload: [HOSTILE[5], { jsonrpc: "2.0", method: HOSTILE[6] }] },
    { ...c2s, kind: "lifecycle", event: "transport-close" },
  ];
  return `${lines.map((line, seq) => JSON.stringify({ seq, ...line })).join("\n")}\n`;
}

function expectWellFormed(report: Report): void {
  const context = { trace: `trace ${HOSTILE[0]}.jsonl`, lineOfSeq: new Map([[5, 6]]) };
  for (const format of REPORT_FORMATS) {
    const out = renderReport(report, format, context);
    expect(out).not.toMatch(TERMINAL_UNSAFE);
    switch (format) {
      case "text":
        expect(out).not.toContain("\t");
        break;
      case "json": {
        const json = JSON.parse(out);
        expect(json.requirements).toHaveLength(report.requirements.length);
        break;
      }
      case "junit":
        expect(XMLValidator.validate(out)).toBe(true);
        break;
      case "sarif":
        expectSarifShape(JSON.parse(out));
        break;
    }
  }
}

describe("hostile sessions", () => {
  it("are judged, and every report format stays well-formed", () => {
    const events = readTraceSync(hostileTrace(), { maxLineBytes: 4 * 1024 * 1024 });
    const report = validate(events);
    expect(report.revision).toBe("2025-11-25");
    expectWellFormed(report);
    // Escaped, not removed: JSON and SARIF still mean the text the session held.
    for (const format of ["json", "sarif"] as const) {
      expect(JSON.stringify(JSON.parse(renderReport(report, format)))).toContain("\u202egnp.exe\u202c");
    }
  });
});

/** A random trace: the handshake or not, then up to 30 events of any kind. */
const randomEvents = fc
  .tuple(fc.boolean(), fc.array(eventBody, { maxLength: 30 }))
  .map(([handshake, bodies]) => withSeq(handshake ? [...HANDSHAKE, ...bodies] : bodies));

describe("random input", () => {
  it("random events give a well-formed report or a RevisionError, never a crash", () => {
    fc.assert(
      fc.property(randomEvents, (events) => {
        let report: Report;
        try {
          report = validate(events);
        } catch (error) {
          expect(error).toBeInstanceOf(RevisionError);
          return;
        }
        expectWellFormed(report);
      }),
      { numRuns: 100 },
    );
  }, 180_000); // 100 whole-registry reports in four formats: seconds idle, a minute on a loaded 2-core machine

  it("random bytes give events (then a report or a RevisionError) or a TraceFormatError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        let events: TraceEvent[];
        try {
          events = readTraceSync(bytes);
        } catch (error) {
          expect(isTraceFormatError(error)).toBe(true);
          return;
        }
        try {
          validate(events);
        } catch (error) {
          expect(error).toBeInstanceOf(RevisionError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
