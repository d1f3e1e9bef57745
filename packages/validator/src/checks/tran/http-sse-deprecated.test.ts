import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered } from "../../../test/support/modern.js";

const CHECK = "tran.http-sse-not-used";

describe(`${CHECK} (TRAN-137)`, () => {
  it("passes a 2026-07-28 session over stdio", () => {
    expect(judged(CHECK, discovered({}).close().events)).toEqual({ findings: [], examined: 1 });
  });

  it("warns once for a session over the HTTP+SSE transport", () => {
    const events = discovered({})
      .close()
      .events.map((event) => ({ ...event, transport: "sse" }) as TraceEvent);
    const { findings, examined } = judged(CHECK, events);
    expect(examined).toBe(1);
    expect(findings.map((f) => f.seq)).toEqual([0]);
  });
});
