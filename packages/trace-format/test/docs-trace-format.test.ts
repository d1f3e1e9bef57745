// Keeps docs/trace-format.md honest: its example traces read, and each malformed line in its error table gives the
// reason code it is listed under, with the message the text quotes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_EVENTS,
  readTraceSync,
  sanitizeSessionId,
  TRACE_FORMAT_REASONS,
  TraceFormatError,
  traceEventSchema,
} from "../src/index.js";

const doc = readFileSync(new URL("../../../docs/trace-format.md", import.meta.url), "utf8");
const jsonlBlocks = [...doc.matchAll(/```jsonl\n([\s\S]*?)```/g)].map((match) => match[1]!);

/** The rows of the error table: reason code and example line (empty when the table gives none). */
const errorRows = [...doc.matchAll(/^\| `([a-z-]+)` \| [^|]+ \|(.*)\|$/gm)].map((match) => ({
  reason: match[1]!,
  example: /^`(.*)`$/.exec(match[2]!.trim())?.[1],
}));

const firstEvent = '{"seq":0,"direction":"server-to-client","transport":"stdio","kind":"stderr","text":"starting"}';

function reasonOf(text: string, options = {}) {
  try {
    readTraceSync(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(TraceFormatError);
    return error as TraceFormatError;
  }
  throw new Error("the trace was accepted");
}

describe("docs/trace-format.md", () => {
  it("has example traces that read", () => {
    expect(jsonlBlocks).toHaveLength(2);
    expect(readTraceSync(jsonlBlocks[0]!).map((event) => event.kind)).toEqual([
      "lifecycle",
      "message",
      "stderr",
      "message",
      "message",
      "lifecycle",
    ]);
    expect(readTraceSync(jsonlBlocks[1]!).map((event) => event.kind)).toEqual(["http", "message", "http"]);
  });

  it("lists every reason code, and each example line gives its reason on line 2", () => {
    expect(errorRows.map((row) => row.reason).sort()).toEqual([...TRACE_FORMAT_REASONS].sort());
    for (const { reason, example } of errorRows) {
      if (example === undefined) continue;
      const terminated = reason === "torn-final-line" ? "" : "\n";
      const error = reasonOf(`${firstEvent}\n${example}${terminated}`);
      expect({ reason: error.reason, line: error.line }).toEqual({ reason, line: 2 });
    }
    expect(reasonOf(`${firstEvent}\n\n${firstEvent.replace('"seq":0', '"seq":1')}\n`).reason).toBe("blank-line");
  });

  it("quotes the schema error message the reader gives", () => {
    const example = errorRows.find((row) => row.reason === "schema")!.example!;
    expect(doc).toContain(`\`${reasonOf(`${firstEvent}\n${example}\n`).message}\``);
  });

  it("states the limits the reader applies", () => {
    expect(doc).toContain("| events in one trace | no limit (what the recorder writes is read) | `maxEvents` |");
    const line = (seq: number) => firstEvent.replace('"seq":0', `"seq":${seq}`);
    // The default is the constant every reader and every --max-events shares; the cap itself, at a small limit.
    expect(DEFAULT_MAX_EVENTS).toBe(Number.POSITIVE_INFINITY);
    const many = Array.from({ length: 11 }, (_, seq) => line(seq)).join("\n");
    expect(reasonOf(many, { maxEvents: 10 }).line).toBe(11);
    expect(reasonOf(`${firstEvent}\n${"[".repeat(129)}\n`).reason).toBe("too-deep");
  });

  it("lists the kinds the schema knows and describes file-name sanitising as implemented", () => {
    const kinds = (traceEventSchema.properties as { kind: { enum: string[] } }).kind.enum;
    for (const kind of kinds) expect(doc).toContain(`**\`${kind}\`**`);
    expect(sanitizeSessionId("a b/c.d_e-f")).toBe("a_b_c.d_e-f");
  });
});
