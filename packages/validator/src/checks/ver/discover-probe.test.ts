import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { discovered, modernHttpSession, modernMeta } from "../../../test/support/modern.js";

const CHECK = "ver.stdio-discover-first";
const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: modernMeta({}) } });

describe(`${CHECK} (TRAN-121, TRAN-122, VER-011, VER-012)`, () => {
  it("passes a stdio client that probes with server/discover first, and judges only its first request", () => {
    const trace = discovered({}).client(list(1));
    expect(judged(CHECK, trace.close().events)).toEqual({ findings: [], examined: 1 });
  });

  it("warns a stdio client whose first request is anything else", () => {
    const { events } = discovered({}).close();
    const [open, , ...rest] = events;
    const first = { ...events[1]!, payload: list(1) };
    const { findings, examined } = judged(CHECK, [open!, first, ...rest] as typeof events);
    expect(examined).toBe(1);
    expect(findings.map((f) => f.detail)).toEqual([
      'the client\'s first request is "tools/list", not a server/discover probe',
    ]);
  });

  it("asks nothing of a client on streamable HTTP, where the first request's status drives the fallback", () => {
    const events = modernHttpSession([{ id: 1, method: "tools/list" }]);
    expect(judged(CHECK, events)).toEqual({ findings: [], examined: 0 });
  });
});
