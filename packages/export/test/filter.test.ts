/**
 * The filter language as a library (what the viewer bundles and `export`/`check` import): every token on real
 * sessions and corpus traces (test/filter-cases.ts, which the viewer's Chromium test runs too), AND across tokens,
 * negation, and a one-line error for what does not parse.
 */
import { describe, expect, it } from "vitest";
import { collectSession, FilterSyntaxError, filterContext, filterTimeline, parseFilter } from "../src/index.js";
import { FILTER_CASES } from "./filter-cases.js";
import { loadCorpus } from "./support.js";

describe("the filter language", () => {
  for (const { trace, filter, seqs } of FILTER_CASES) {
    it(`${filter} on ${trace}`, async () => {
      const { document } = await collectSession(loadCorpus(trace), { contextCost: false });
      const findings = "error" in document.judgement ? [] : document.judgement.findings;
      const kept = filterTimeline(
        parseFilter(filter),
        document.analysis.timeline,
        filterContext(document.analysis, findings),
      );
      expect(kept.map((entry) => entry.seq)).toEqual(seqs);
    });
  }

  it("ANDs its tokens: each narrows what the others keep", async () => {
    const { document } = await collectSession(loadCorpus("real/everything-stdio.jsonl"), { contextCost: false });
    const context = filterContext(document.analysis, []);
    const count = (text: string) => filterTimeline(parseFilter(text), document.analysis.timeline, context).length;
    expect(count("kind:req")).toBeGreaterThan(count("kind:req method:tools/call"));
    expect(count("kind:req method:tools/call")).toBeGreaterThan(count("kind:req method:tools/call status:error"));
    expect(count("kind:req method:tools/call status:error")).toBe(1);
    expect(count("method:tools/call -status:error")).toBe(count("method:tools/call") - 1);
  });

  it("says in one line what does not parse", () => {
    const message = (text: string) => {
      try {
        parseFilter(text);
        return "parsed";
      } catch (error) {
        expect(error).toBeInstanceOf(FilterSyntaxError);
        return (error as Error).message;
      }
    };
    expect(message("dir:up")).toBe("dir: is c2s or s2c, not up");
    expect(message("kind:foo")).toMatch(/^kind: is one of req, resp, notify, stderr, invalid, http, not foo$/);
    expect(message("status:great")).toMatch(
      /^status: is one of ok, error, err, .* or an HTTP status \(401\), not great$/,
    );
    expect(message("tool:")).toBe("tool: needs a value (as in tool:echo)");
    expect(message("http://example.com/x")).toBe("parsed");
  });
});
