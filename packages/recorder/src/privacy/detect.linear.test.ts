import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { growthOf, HOSTILE_FRAGMENTS, runOf, WORST_RUNS } from "./adversarial.js";
import { detectSecrets } from "./detect.js";

// Growth on 8× the input: 8 when linear, 64 when quadratic. The bound leaves room for a busy machine's noise.
const LINEAR = 24;

describe("detectSecrets runs in linear time", () => {
  it.each(WORST_RUNS.map((piece) => [JSON.stringify(piece), piece]))("on a run of %s", (_, piece) => {
    expect(growthOf(detectSecrets, piece)).toBeLessThan(LINEAR);
  });

  it("on runs of any mix of the preset's fragments (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...HOSTILE_FRAGMENTS), { minLength: 1, maxLength: 4 }), (parts) => {
        const piece = parts.join("");
        const growth = growthOf(detectSecrets, piece, 16 * 1024);
        expect(growth, JSON.stringify(piece)).toBeLessThan(LINEAR);
      }),
      { numRuns: 25 },
    );
  });

  it("still finds each credential inside a hostile run", () => {
    const jwt = ["eyJ", "hbGciOiJIUzI1NiJ9", ".eyJ", "zdWIiOiJmYWtlIn0", ".", "c2lnbmF0dXJlLXZhbHVl"].join("");
    const text = `${runOf("eyJ-", 4096)} ${jwt} ${runOf("a.", 4096)}`;
    expect(detectSecrets(text).map((m) => text.slice(m.start, m.end))).toEqual([jwt]);
  });
});
