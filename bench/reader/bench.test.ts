import { readTraceSync } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { generateTrace } from "./generate-trace.js";

describe("reader bench generator", () => {
  it("produces a trace the reader reads in full, with every event kind and both transports", () => {
    const events = readTraceSync(generateTrace(1_000));
    expect(events).toHaveLength(1_000);
    expect(new Set(events.map((event) => event.kind))).toEqual(
      new Set(["lifecycle", "message", "http", "stderr", "raw"]),
    );
    expect(new Set(events.map((event) => event.transport))).toEqual(new Set(["stdio", "streamable-http"]));
  });

  it("is deterministic for a seed", () => {
    expect(generateTrace(200, 7)).toBe(generateTrace(200, 7));
    expect(generateTrace(200, 7)).not.toBe(generateTrace(200, 8));
  });
});
