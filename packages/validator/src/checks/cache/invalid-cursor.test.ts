import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

type Session = ReturnType<typeof discovered>;
const CHECK = "cache.restart-after-invalid-cursor";
const list = (s: Session, id: number, cursor?: string) =>
  s.client({
    jsonrpc: "2.0",
    id,
    method: "tools/list",
    params: { _meta: modernMeta({}), ...(cursor === undefined ? {} : { cursor }) },
  });
const page = (s: Session, id: number, nextCursor?: string) =>
  s.server({
    jsonrpc: "2.0",
    id,
    result: {
      resultType: "complete",
      _meta: SERVER_META,
      tools: [],
      ttlMs: 0,
      cacheScope: "public",
      ...(nextCursor ? { nextCursor } : {}),
    },
  });

function session(steps: (s: Session) => void) {
  const s = discovered({});
  steps(s);
  return s.close().events;
}

describe(`${CHECK} (CACHE-018)`, () => {
  it("passes a client that lists from the beginning after its cursor was refused", () => {
    const events = session((s) => {
      list(s, 1);
      page(s, 1, "c2");
      list(s, 2, "c2");
      s.error(2, -32602, "Invalid cursor");
      list(s, 3);
      page(s, 3);
    });
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 1 });
  });

  it("warns a client that goes on with a cursor after one was refused", () => {
    const events = session((s) => {
      list(s, 1);
      page(s, 1, "c2");
      list(s, 2, "c2");
      s.error(2, -32602, "Invalid cursor");
      list(s, 3, "c2");
      s.error(3, -32602, "Invalid cursor");
    });
    expect(judged(CHECK, events).findings.map((f) => f.detail)).toEqual([
      'after the server refused cursor "c2" (seq 6), the next "tools/list" request carries cursor "c2" instead of re-fetching from the beginning',
    ]);
  });

  it("judges nothing while no cursor was refused", () => {
    const events = session((s) => {
      list(s, 1);
      page(s, 1, "c2");
      list(s, 2, "c2");
      page(s, 2);
    });
    expect(judged(CHECK, events).examined).toBe(0);
  });
});
