import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJudge, validate } from "../src/engine/judge.js";
import { OUTCOMES } from "../src/engine/types.js";

import { eventBody, HANDSHAKE, withSeq } from "./random-traces.js";

describe("the engine and every check under random traces", () => {
  it("produce a report with every requirement in a known outcome, never an exception", () => {
    fc.assert(
      fc.property(fc.array(eventBody, { maxLength: 40 }), fc.boolean(), (bodies, handshake) => {
        const events = withSeq(handshake ? [...HANDSHAKE, ...bodies] : bodies);
        const report = validate(events, { revision: "2025-11-25" });
        for (const row of report.requirements) expect(OUTCOMES).toContain(row.outcome);
      }),
      { numRuns: 100 },
    );
  });

  it("give the same report and findings whether the revision is given or read off the handshake", () => {
    fc.assert(
      fc.property(fc.array(eventBody, { maxLength: 30 }), (bodies) => {
        const events = withSeq([...HANDSHAKE, ...bodies]);
        const given = createJudge({ revision: "2025-11-25" });
        const read = createJudge();
        for (const event of events) {
          given.observe(event);
          read.observe(event);
        }
        expect(read.finish()).toEqual(given.finish());
        expect(read.findings()).toEqual(given.findings());
      }),
      { numRuns: 60 },
    );
  });
});
