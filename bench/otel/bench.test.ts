import { describe, expect, it } from "vitest";
import { sessionEvents } from "../validator/generate-session.js";
import { measureExportOverhead, measureMapping, median } from "./measure.js";

describe("otel bench (smoke)", () => {
  const events = [...sessionEvents(1_001)];

  it("maps every exchange of the generated session to a span, at a rate far from zero", () => {
    const figures = measureMapping(events, 3);
    const exchanges = events.filter((e) => {
      if (e.kind !== "message") return false;
      const p = e.payload as { method?: unknown };
      return typeof p.method === "string";
    }).length;
    expect(figures.spans).toBe(exchanges);
    expect(figures.spansPerSecond).toBeGreaterThan(5_000);
    expect(figures.encodedSpansPerSecond).toBeGreaterThan(5_000);
  });

  it("replays with and without the exporter, and the collector process receives every span", async () => {
    const figures = await measureExportOverhead(events, 1, 20);
    expect(figures.exported).toBe(measureMapping(events, 1).spans);
    expect(figures.lost).toBe(0);
    expect(figures.received).toBe(figures.exported);
    expect(figures.baselineMs).toBeGreaterThan(0);
    expect(Number.isFinite(figures.overhead)).toBe(true);
  });

  it("takes the median of an odd or even number of rounds", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});
