import { DEFAULT_MAX_EVENTS } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { recordingSummaryLines as summaryLines } from "./recording-summary.js";

const stats = (written: number, dropped = 0) => ({
  session: "s",
  recorded: written + dropped,
  dropped,
  sinks: [{ name: "file", path: "t.jsonl", delivered: written + dropped, written, dropped: 0, errors: [] }],
});

describe("record's summary", () => {
  it("says how to read a trace longer than the readers' default event limit", () => {
    expect(summaryLines(stats(DEFAULT_MAX_EVENTS))).toEqual([
      `mcp-conf record: trace written to t.jsonl (${DEFAULT_MAX_EVENTS} events)`,
    ]);
    const long = summaryLines(stats(DEFAULT_MAX_EVENTS + 5));
    expect(long[1]).toBe(
      `mcp-conf record: t.jsonl holds more than ${DEFAULT_MAX_EVENTS} events: read it with --max-events ${DEFAULT_MAX_EVENTS + 5}`,
    );
  });

  it("counts observations the file lost", () => {
    expect(summaryLines(stats(10, 3))[1]).toBe(
      "mcp-conf record: 3 observation(s) dropped from t.jsonl; its seq has gaps where they were",
    );
  });
});
