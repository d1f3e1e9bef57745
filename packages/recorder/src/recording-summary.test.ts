import { describe, expect, it } from "vitest";
import { recordingSummaryLines as summaryLines } from "./recording-summary.js";

const stats = (written: number, dropped = 0) => ({
  session: "s",
  recorded: written + dropped,
  dropped,
  sinks: [{ name: "file", path: "t.jsonl", delivered: written + dropped, written, dropped: 0, errors: [] }],
});

describe("record's summary", () => {
  it("says where the trace was written and how many events it holds", () => {
    expect(summaryLines(stats(2_000_000))).toEqual(["mcp-conf record: trace written to t.jsonl (2000000 events)"]);
  });

  it("counts observations the file lost", () => {
    expect(summaryLines(stats(10, 3))[1]).toBe(
      "mcp-conf record: 3 observation(s) dropped from t.jsonl; its seq has gaps where they were",
    );
  });
});
