import { describe, expect, it } from "vitest";
import { sessionEvents } from "../validator/generate-session.js";
import { measureFault } from "./faulty.js";
import { measureExportOverhead, measureMapping, median } from "./measure.js";

describe("otel bench (smoke)", () => {
  const events = [...sessionEvents(1_001)];

  it("maps every exchange of the generated session to a span, and times it", () => {
    const figures = measureMapping(events, 3);
    const exchanges = events.filter((e) => {
      if (e.kind !== "message") return false;
      const p = e.payload as { method?: unknown };
      return typeof p.method === "string";
    }).length;
    expect(figures.spans).toBe(exchanges);
    // The rate itself is the bench's figure; a floor here failed on a loaded machine.
    expect(figures.spansPerSecond).toBeGreaterThan(0);
    expect(figures.encodedSpansPerSecond).toBeGreaterThan(0);
  });

  it("replays with and without the exporter, and the collector process receives every span", async () => {
    const figures = await measureExportOverhead(events, 1, 20);
    expect(figures.exported).toBe(measureMapping(events, 1).spans);
    expect(figures.lost).toBe(0);
    expect(figures.received).toBe(figures.exported);
    expect(figures.baselineMs).toBeGreaterThan(0);
    expect(Number.isFinite(figures.overhead)).toBe(true);
  });

  it("replays against a collector that is down and one that stalls, and every span is lost, none exported", async () => {
    const spans = measureMapping(events, 1).spans;
    for (const fault of ["down", "stalling"] as const) {
      const figures = await measureFault(events, fault, 1, 20);
      expect(figures.lost, fault).toBe(spans);
      expect(figures.closeMs, fault).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(figures.ratio), fault).toBe(true);
    }
  }, 30_000);

  it("takes the median of an odd or even number of rounds", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});
