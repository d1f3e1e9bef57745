import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

type Session = ReturnType<typeof discovered>;
const ELICIT = { elicitation: { form: {} } };
const elicit = {
  method: "elicitation/create",
  params: {
    mode: "form",
    message: "Units?",
    requestedSchema: { type: "object", properties: { u: { type: "string" } } },
  },
};
const call = (s: Session, id: number, extra: Record<string, unknown> = {}) =>
  s.client({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { _meta: modernMeta(ELICIT), name: "weather", arguments: {}, ...extra },
  });
const inputRequired = (s: Session, id: number) =>
  s.server({
    jsonrpc: "2.0",
    id,
    result: { resultType: "input_required", _meta: SERVER_META, inputRequests: { units: elicit }, requestState: "s1" },
  });
const done = (s: Session, id: number, extra: Record<string, unknown> = {}) =>
  s.server({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: SERVER_META, content: [], ...extra } });
const answers = { units: { action: "accept", content: { u: "metric" } } };

function session(steps: (s: Session) => void) {
  const s = discovered(ELICIT);
  steps(s);
  return s.close().events;
}
const details = (check: string, events: Parameters<typeof judged>[1]) =>
  judged(check, events).findings.map((f) => f.detail);

describe("mrtr.state-not-modified (MRTR-015, MRTR-016)", () => {
  const CHECK = "mrtr.state-not-modified";
  it("passes the exact requestState, and leaves a missing one to mrtr.retry-echoes-state", () => {
    const exact = session((s) => {
      call(s, 1);
      inputRequired(s, 1);
      call(s, 2, { inputResponses: answers, requestState: "s1" });
      done(s, 2);
    });
    expect(judged(CHECK, exact)).toEqual({ findings: [], examined: 1 });
    const missing = session((s) => {
      call(s, 1);
      inputRequired(s, 1);
      call(s, 2, { inputResponses: answers });
      done(s, 2);
    });
    expect(judged(CHECK, missing)).toEqual({ findings: [], examined: 0 });
  });

  it("reports a retry that sends the requestState back changed", () => {
    const events = session((s) => {
      call(s, 1);
      inputRequired(s, 1);
      call(s, 2, { inputResponses: answers, requestState: "s2" });
      done(s, 2);
    });
    expect(details(CHECK, events)).toEqual([
      'the retry carries requestState "s2", a modified form of the "s1" it was given',
    ]);
  });
});

describe("mrtr.missing-input-re-asked (MRTR-023)", () => {
  const CHECK = "mrtr.missing-input-re-asked";
  it("passes a retry's answer that asks again, or completes", () => {
    const events = session((s) => {
      call(s, 1);
      inputRequired(s, 1);
      call(s, 2, { inputResponses: {}, requestState: "s1" });
      inputRequired(s, 2);
      call(s, 3, { inputResponses: answers, requestState: "s1" });
      done(s, 3);
    });
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 2 });
  });

  it("warns an error answering a retry that left out a requested input", () => {
    const events = session((s) => {
      call(s, 1);
      inputRequired(s, 1);
      call(s, 2, { inputResponses: {}, requestState: "s1" });
      s.error(2, -32602, "Missing input");
    });
    expect(details(CHECK, events)).toEqual([
      'the retry left out "units" and the server answered with an error instead of asking for it again in a new InputRequiredResult',
    ]);
  });
});

describe("cache.retry-result-not-fresh (CACHE-019)", () => {
  const CHECK = "cache.retry-result-not-fresh";
  it("passes a retry's result with ttlMs 0 or none, and reports one marked fresh", () => {
    const events = (ttlMs?: number) =>
      session((s) => {
        call(s, 1);
        inputRequired(s, 1);
        call(s, 2, { inputResponses: answers, requestState: "s1" });
        done(s, 2, ttlMs === undefined ? {} : { ttlMs, cacheScope: "private" });
      });
    expect(judged(CHECK, events())).toEqual({ findings: [], examined: 1 });
    expect(judged(CHECK, events(0))).toEqual({ findings: [], examined: 1 });
    expect(details(CHECK, events(5000))).toEqual([
      'the result of a retried "tools/call" (a request carrying inputResponses or requestState) is marked fresh for ttlMs 5000, though it must not be cached',
    ]);
  });
});
