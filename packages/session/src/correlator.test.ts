import type { Direction, TraceEvent, Transport } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { Correlator, type Exchange, idKey, type Observation } from "./correlator.js";

const C2S: Direction = "client-to-server";
const S2C: Direction = "server-to-client";

/** Builds events with increasing seqs, for feeding a correlator. */
function traceBuilder(transport: Transport = "stdio") {
  let seq = 0;
  return {
    message: (direction: Direction, payload: unknown): TraceEvent => ({
      seq: seq++,
      direction,
      transport,
      kind: "message",
      payload,
    }),
    http: (direction: Direction, session?: string): TraceEvent => ({
      seq: seq++,
      direction,
      transport,
      kind: "http",
      ...(session ? { headers: { "mcp-session-id": session } } : {}),
    }),
  };
}

const request = (id: unknown, method = "tools/call") => ({ jsonrpc: "2.0", id, method, params: {} });
const result = (id: unknown) => ({ jsonrpc: "2.0", id, result: {} });
const failure = (id: unknown) => ({ jsonrpc: "2.0", id, error: { code: -32601, message: "nope" } });

function feed(events: TraceEvent[]) {
  const correlator = new Correlator();
  const observations: Observation[] = events.map((event) => correlator.observe(event));
  const exchanges: Exchange[] = observations.flatMap((observation) => observation.exchanges);
  const issues = observations.flatMap((observation) => observation.issues);
  return { correlator, observations, exchanges, issues, unanswered: correlator.finish() };
}

const pairs = (exchanges: Exchange[]) =>
  exchanges.map((x) => (x.type === "request" ? [x.method, x.request.seq, x.response?.seq ?? null] : [x.type]));

describe("Correlator", () => {
  it("pairs a response with its request, and reports a notification as its own exchange", () => {
    const t = traceBuilder();
    const { exchanges, issues, unanswered } = feed([
      t.message(C2S, request(0, "initialize")),
      t.message(S2C, result(0)),
      t.message(C2S, { jsonrpc: "2.0", method: "notifications/initialized" }),
    ]);
    expect(pairs(exchanges)).toEqual([["initialize", 0, 1], ["notification"]]);
    expect(issues).toEqual([]);
    expect(unanswered).toEqual([]);
  });

  it("pairs answers in any order, an overtaking answer being no issue (a cancelled request's late answer)", () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([
      t.message(C2S, request(1)),
      t.message(C2S, request(2, "ping")),
      t.message(S2C, result(2)),
      t.message(S2C, failure(1)),
    ]);
    expect(pairs(exchanges)).toEqual([
      ["ping", 1, 2],
      ["tools/call", 0, 3],
    ]);
    expect(issues).toEqual([]);
  });

  it("reports a duplicate request id, even after the first was answered, and pairs answers oldest first", () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([
      t.message(C2S, request(7)),
      t.message(C2S, request(7, "ping")),
      t.message(S2C, result(7)),
      t.message(S2C, result(7)),
      t.message(C2S, request(7, "tools/list")),
    ]);
    expect(pairs(exchanges)).toEqual([
      ["tools/call", 0, 2],
      ["ping", 1, 3],
    ]);
    expect(issues.map((issue) => [issue.kind, issue.seq])).toEqual([
      ["duplicate-id", 1],
      ["duplicate-id", 4],
    ]);
  });

  it("reports a response to an unknown id as an orphan", () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([t.message(C2S, request(1)), t.message(S2C, result(99))]);
    expect(exchanges.map((x) => x.type)).toEqual(["orphan-response"]);
    expect(issues).toEqual([expect.objectContaining({ kind: "unknown-id", seq: 1, id: 99 })]);
  });

  it('tells the id 1 from the id "1"', () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([t.message(C2S, request(1)), t.message(S2C, result("1"))]);
    expect(exchanges.map((x) => x.type)).toEqual(["orphan-response"]);
    expect(issues.map((issue) => issue.kind)).toEqual(["unknown-id"]);
    expect(idKey(1)).not.toBe(idKey("1"));
  });

  it("takes a batch apart: each element is a message with its index, and the batch is noted", () => {
    const t = traceBuilder();
    const { observations, exchanges, issues } = feed([
      t.message(C2S, [request(1), { jsonrpc: "2.0", method: "notifications/cancelled" }, 42]),
      t.message(S2C, [result(1)]),
    ]);
    expect(observations[0]!.messages.map((m) => [m.batchIndex, m.message.type])).toEqual([
      [0, "request"],
      [1, "notification"],
      [2, "invalid"],
    ]);
    expect(pairs(exchanges)).toEqual([["notification"], ["invalid"], ["tools/call", 0, 1]]);
    expect(issues.map((issue) => [issue.kind, issue.seq])).toEqual([
      ["batch", 0],
      ["batch", 1],
    ]);
  });

  it("reports null ids on responses and on requests", () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([t.message(S2C, failure(null)), t.message(C2S, request(null))]);
    expect(exchanges.map((x) => x.type)).toEqual(["orphan-response", "invalid"]);
    expect(issues.map((issue) => [issue.kind, issue.seq, issue.id])).toEqual([
      ["null-id", 0, null],
      ["null-id", 1, null],
    ]);
  });

  it("keeps one id space per direction: the same id from both sides is no duplicate and pairs each way", () => {
    const t = traceBuilder();
    const { exchanges, issues } = feed([
      t.message(C2S, request(0, "tools/call")),
      t.message(S2C, request(0, "sampling/createMessage")),
      t.message(C2S, result(0)),
      t.message(S2C, result(0)),
    ]);
    expect(pairs(exchanges)).toEqual([
      ["sampling/createMessage", 1, 2],
      ["tools/call", 0, 3],
    ]);
    expect(exchanges.map((x) => (x.type === "request" ? x.request.direction : null))).toEqual([S2C, C2S]);
    expect(issues).toEqual([]);
  });

  it("keeps one id space per HTTP session and pairs answers within their session", () => {
    const t = traceBuilder("streamable-http");
    const { exchanges, issues, observations } = feed([
      t.http(C2S, "session-a"),
      t.message(C2S, request(0, "tools/list")),
      t.http(C2S, "session-b"),
      t.message(C2S, request(0, "ping")),
      t.http(S2C, "session-b"),
      t.message(S2C, result(0)),
      t.http(S2C, "session-a"),
      t.message(S2C, result(0)),
    ]);
    expect(issues).toEqual([]);
    expect(pairs(exchanges)).toEqual([
      ["ping", 3, 5],
      ["tools/list", 1, 7],
    ]);
    expect(observations[1]!.messages[0]!.session).toBe("session-a");
  });

  it("takes an overtaking answer within one HTTP session as no issue", () => {
    const t = traceBuilder("streamable-http");
    const { issues } = feed([
      t.http(C2S, "session-a"),
      t.message(C2S, request(1)),
      t.http(C2S, "session-a"),
      t.message(C2S, request(2)),
      t.http(S2C, "session-a"),
      t.message(S2C, result(2)),
    ]);
    expect(issues).toEqual([]);
  });

  it("pairs an HTTP answer without a session header with the open request in any session", () => {
    const t = traceBuilder("streamable-http");
    const { exchanges, issues } = feed([
      t.http(C2S, "session-a"),
      t.message(C2S, request(3, "tools/call")),
      t.http(S2C),
      t.message(S2C, result(3)),
    ]);
    expect(pairs(exchanges)).toEqual([["tools/call", 1, 3]]);
    expect(issues).toEqual([]);
  });

  it("lists requests still open, oldest first, and returns them unanswered at finish", () => {
    const t = traceBuilder();
    const correlator = new Correlator();
    for (const event of [t.message(C2S, request(1)), t.message(C2S, request(2, "ping")), t.message(S2C, result(1))]) {
      correlator.observe(event);
    }
    expect(correlator.openRequests().map((r) => r.seq)).toEqual([1]);
    expect(pairs(correlator.finish())).toEqual([["ping", 1, null]]);
    expect(correlator.openRequests()).toEqual([]);
  });

  it("ignores lifecycle, raw and stderr events", () => {
    const correlator = new Correlator();
    const observation = correlator.observe({
      seq: 0,
      direction: S2C,
      transport: "stdio",
      kind: "stderr",
      text: '{"jsonrpc":"2.0","id":1,"result":{}}',
    });
    expect(observation).toEqual({ messages: [], exchanges: [], issues: [] });
  });

  describe("a message cut at the recorder's size limit", () => {
    const cut = (seq: number, direction: Direction, text: string, extra: object = {}): TraceEvent => ({
      seq,
      direction,
      transport: "stdio",
      kind: "raw",
      text,
      truncated: true,
      bytes: 2_000_000,
      ...extra,
    });
    const all = (correlator: Correlator, events: TraceEvent[]) => {
      const seen = events.map((event) => correlator.observe(event));
      return {
        exchanges: [...seen.flatMap((o) => o.exchanges), ...correlator.finish()],
        issues: seen.flatMap((o) => o.issues),
      };
    };

    it("a cut request's answer pairs with it silently: no orphan, no issue, nothing to judge", () => {
      const text = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"big","arguments":{"blob":"aaaa';
      const { exchanges, issues } = all(new Correlator(), [cut(0, C2S, text), traceBuilder().message(S2C, result(7))]);
      expect(exchanges).toEqual([]);
      expect(issues).toEqual([]);
    });

    it("takes the id and method the recorder kept on the event before reading its text", () => {
      const event = cut(0, C2S, "{", { id: "a", method: "tools/call" });
      const answer = { ...traceBuilder().message(S2C, result("a")), seq: 1 };
      expect(all(new Correlator(), [event, answer])).toEqual({ exchanges: [], issues: [] });
    });

    it("a cut answer closes its request unjudged: the request is never called unanswered", () => {
      const t = traceBuilder();
      const asked = t.message(C2S, request(3));
      const answer = cut(1, S2C, '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"aaaa');
      expect(all(new Correlator(), [asked, answer]).exchanges).toEqual([]);
    });

    it("a cut message whose id was cut too may have answered any open request, or asked one", () => {
      const t = traceBuilder();
      const asked = t.message(C2S, request(3));
      const answer = cut(1, S2C, '{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":"aaaa');
      expect(all(new Correlator(), [asked, answer]).exchanges).toEqual([]);
      const odd = cut(0, C2S, '{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"blob":"aaaa');
      const later = { ...t.message(S2C, result(9)), seq: 1 };
      expect(all(new Correlator(), [odd, later])).toEqual({ exchanges: [], issues: [] });
    });

    it("an answer to no request, cut or whole, is still an orphan", () => {
      const t = traceBuilder();
      const text = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"blob":"aaaa';
      const { exchanges, issues } = all(new Correlator(), [
        cut(0, C2S, text),
        { ...t.message(S2C, result(8)), seq: 1 },
      ]);
      expect(exchanges.map((e) => e.type)).toEqual(["orphan-response"]);
      expect(issues.map((i) => i.kind)).toEqual(["unknown-id"]);
    });
  });
});
