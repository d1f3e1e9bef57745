import { describe, expect, it } from "vitest";
import { trimOldest } from "./bounded.js";

describe("trimOldest", () => {
  it("leaves a map within its limit alone", () => {
    const map = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    expect(trimOldest(map, 2)).toBe(false);
    expect([...map.keys()]).toEqual(["a", "b"]);
  });

  it("forgets the oldest entries, an eighth of the limit at once, keeping the newest", () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 17; i++) map.set(i, i);
    expect(trimOldest(map, 16)).toBe(true);
    expect([...map.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    for (let i = 17; i < 40; i++) map.set(i, i);
    trimOldest(map, 16);
    expect(map.size).toBe(16);
  });

  it("keeps insertion cheap when a map is trimmed after every insertion: the walk is paid once per batch", () => {
    const map = new Map<string, number>();
    let walks = 0;
    for (let i = 0; i < 200_000; i++) {
      map.set(`k${i}`, i);
      if (trimOldest(map, 20_000)) walks++;
    }
    expect(map.size).toBeLessThanOrEqual(20_000);
    expect(map.has("k199999")).toBe(true);
    // One key at a time, each of the 180,000 insertions past the limit would walk the deleted slots (seconds in all);
    // an eighth of the limit (2,500) at once walks 72 times.
    expect(walks).toBe(180_000 / 2_500);
  });
});
