/**
 * The judge's thread settles its heap before the session (settle.ts): garbage until the young generation has been
 * collected twice, then turns of the loop for the full collection that follows.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { settle } from "../src/settle.js";

/** `PerformanceEntry.detail.kind` of a young-generation collection (a scavenge). */
const MINOR = 1;

describe("settling the judge thread's heap", () => {
  it("collects the young generation twice before it resolves", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kinds.push((entry as { detail?: { kind?: number } }).detail?.kind ?? 0);
    });
    observer.observe({ entryTypes: ["gc"] });
    await settle();
    await new Promise((resolve) => setImmediate(resolve));
    const minor = kinds.filter((kind) => kind === MINOR).length;
    expect(minor).toBeGreaterThanOrEqual(2);
    observer.disconnect();
  });
});
