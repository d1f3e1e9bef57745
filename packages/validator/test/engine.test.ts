import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { CheckError, RevisionError } from "../src/engine/errors.js";
import { createJudge, validate } from "../src/engine/judge.js";
import type { CheckDefinition } from "../src/engine/types.js";
import { emptyHeard, REVISION, recordingCheck, registry, requirement } from "./engine-fixtures.js";

/** A session with one of each thing a check can subscribe to. Seqs: see the comments. */
function mixedTrace() {
  return new TraceBuilder()
    .open()
    .handshake() // 0 open, 1 initialize, 2 result, 3 initialized
    .request(1, "tools/call", { name: "echo", arguments: {} }) // 4
    .notify("notifications/progress", { progressToken: 1, progress: 1 }, "server-to-client") // 5
    .stderr("log line") // 6
    .result(1, { content: [] }) // 7
    .request(2, "tools/list", {}) // 8
    .result(99, {}) // 9: answers nothing → unknown-id issue, orphan exchange
    .message("client-to-server", 42) // 10: invalid
    .close(); // 11 (request 2 never answered)
}

describe("dispatch", () => {
  it("hands each check only the messages, exchanges, events and issues it subscribed to", () => {
    const heard = {
      byMethod: emptyHeard(),
      notifications: emptyHeard(),
      responses: emptyHeard(),
      invalid: emptyHeard(),
      everything: emptyHeard(),
    };
    const checks: CheckDefinition[] = [
      recordingCheck("t.by-method", { messages: ["tools/call"], exchanges: ["tools/call"] }, heard.byMethod),
      recordingCheck("t.notifications", { messages: ["*notification"], events: ["stderr"] }, heard.notifications),
      recordingCheck("t.responses", { messages: ["*response"], issues: true }, heard.responses),
      recordingCheck("t.invalid", { messages: ["*invalid"], exchanges: ["*"] }, heard.invalid),
      recordingCheck("t.everything", { messages: ["*"], events: ["lifecycle"] }, heard.everything),
    ];
    const reg = registry(checks.map((c, i) => requirement(`T-00${i + 1}`, { checks: [c.id] })));
    validate(mixedTrace().events, { registry: reg, checks });

    expect(heard.byMethod.messages).toEqual([4]);
    expect(heard.byMethod.exchanges).toEqual(["request:tools/call"]);
    expect(heard.byMethod.events).toEqual([]);
    expect(heard.notifications.messages).toEqual([3, 5]);
    expect(heard.notifications.events).toEqual(["stderr@6"]);
    expect(heard.responses.messages).toEqual([2, 7, 9]);
    expect(heard.responses.issues).toEqual(["unknown-id"]);
    expect(heard.invalid.messages).toEqual([10]);
    expect(heard.invalid.exchanges).toEqual([
      "request:initialize",
      "notification:notifications/initialized",
      "notification:notifications/progress",
      "request:tools/call", // completed by its result at seq 7
      "orphan-response",
      "invalid",
      "request:tools/list", // unanswered, dispatched at finish
    ]);
    expect(heard.everything.messages).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
    expect(heard.everything.events).toEqual(["lifecycle@0", "lifecycle@11"]);
    for (const h of Object.values(heard)) expect(h.finished).toBe(1);
  });

  it("hands a message to a check once even when several of its selectors match", () => {
    const heard = emptyHeard();
    const check = recordingCheck("t.twice", { messages: ["tools/call", "*request", "*"] }, heard);
    validate(mixedTrace().events, {
      registry: registry([requirement("T-001", { checks: [check.id] })]),
      checks: [check],
    });
    expect(heard.messages).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
  });

  it("dispatches unanswered requests as exchanges before any check finishes", () => {
    const order: string[] = [];
    const check: CheckDefinition = {
      id: "t.order",
      description: "records the order of exchange and finish calls",
      subscribe: { exchanges: ["tools/list"] },
      create: () => ({
        exchange: (x) => order.push(x.type === "request" && x.response === null ? "unanswered" : "answered"),
        finish: () => order.push("finish"),
      }),
    };
    validate(mixedTrace().events, {
      registry: registry([requirement("T-001", { checks: [check.id] })]),
      checks: [check],
    });
    expect(order).toEqual(["unanswered", "finish"]);
  });

  it("instantiates only the checks the registry names, each once however many requirements list it", () => {
    const created: string[] = [];
    const make = (id: string): CheckDefinition => ({
      id,
      description: "counts its instantiations",
      subscribe: {},
      create: () => {
        created.push(id);
        return {};
      },
    });
    const checks = [make("t.named"), make("t.unnamed")];
    const reg = registry([
      requirement("T-001", { checks: ["t.named"] }),
      requirement("T-002", { checks: ["t.named"] }),
    ]);
    validate(mixedTrace().events, { registry: reg, checks });
    expect(created).toEqual(["t.named"]);
  });
});

describe("findings and attribution", () => {
  const flagsToolCalls = (heard = emptyHeard()) =>
    recordingCheck("t.flag", { messages: ["tools/call"] }, heard, (seq) => `tool call at ${seq}`);

  it("attributes a finding to every requirement that lists its check, failing MUST and warning SHOULD", () => {
    const check = flagsToolCalls();
    const reg = registry([
      requirement("T-001", { level: "MUST", checks: ["t.flag"] }),
      requirement("T-002", { level: "SHOULD", checks: ["t.flag"] }),
    ]);
    const report = validate(mixedTrace().events, { registry: reg, checks: [check] });
    const finding = { check: "t.flag", seq: 4, detail: "tool call at 4", owner: "server" };
    expect(report.requirements).toEqual([
      { id: "T-001", level: "MUST", outcome: "fail", findings: [finding] },
      { id: "T-002", level: "SHOULD", outcome: "warn", findings: [finding] },
    ]);
    expect(report.verdict).toBe("fail");
    expect(report.totals).toMatchObject({ fail: 1, warn: 1, pass: 0 });
  });

  it("makes each finding visible through findings() as soon as the event that caused it is observed", () => {
    const judge = createJudge({
      registry: registry([requirement("T-001", { checks: ["t.flag"] })]),
      checks: [flagsToolCalls()],
    });
    const events = mixedTrace().events;
    const seen: number[] = [];
    for (const event of events) {
      judge.observe(event);
      seen.push(judge.findings().length);
    }
    expect(seen.slice(3, 6)).toEqual([0, 1, 1]);
    // Seq 4 is the client's tools/call: the engine names its sender; a row binding the server makes it the owner.
    expect(judge.findings()).toEqual([{ check: "t.flag", seq: 4, detail: "tool call at 4", owner: "client" }]);
  });

  it("keeps at most maxFindingsPerCheck findings and sums up the rest in one finding at finish", () => {
    const trace = new TraceBuilder().open().handshake();
    for (let i = 1; i <= 5; i++) trace.request(i, "tools/call", {}).result(i, {});
    const judge = createJudge({
      registry: registry([requirement("T-001", { checks: ["t.flag"] })]),
      checks: [flagsToolCalls()],
      maxFindingsPerCheck: 2,
    });
    for (const event of trace.events) judge.observe(event);
    expect(judge.findings()).toHaveLength(2);
    const report = judge.finish();
    expect(report.requirements[0]?.findings?.map((f) => f.detail)).toEqual([
      "tool call at 4",
      "tool call at 6",
      "… and 3 more finding(s) of this check not listed",
    ]);
    expect(judge.checkStats()).toEqual([{ check: "t.flag", examined: 5, findings: 5 }]);
  });

  it("sorts a row's findings by seq (none last), then check, then detail, whatever order they were reported in", () => {
    const reporter = (id: string, reports: [number | undefined, string][]): CheckDefinition => ({
      id,
      description: "reports fixed findings at finish",
      subscribe: {},
      create: (ctx) => ({
        finish: () => {
          for (const [seq, detail] of reports) ctx.report(seq, detail);
        },
      }),
    });
    const checks = [
      reporter("t.b", [
        [undefined, "z"],
        [3, "b"],
        [3, "a"],
      ]),
      reporter("t.a", [
        [undefined, "y"],
        [3, "c"],
        [1, "d"],
      ]),
    ];
    const report = validate(mixedTrace().events, {
      registry: registry([requirement("T-001", { checks: ["t.b", "t.a"] })]),
      checks,
    });
    expect(report.requirements[0]?.findings?.map((f) => `${f.seq}/${f.check}/${f.detail}`)).toEqual([
      "1/t.a/d",
      "3/t.a/c",
      "3/t.b/a",
      "3/t.b/b",
      "undefined/t.a/y",
      "undefined/t.b/z",
    ]);
  });

  it("gives the same report for the same trace every time", () => {
    const run = () =>
      JSON.stringify(
        validate(mixedTrace().events, {
          registry: registry([requirement("T-001", { checks: ["t.flag"] }), requirement("T-002", { checks: [] })]),
          checks: [flagsToolCalls()],
        }),
      );
    expect(run()).toBe(run());
  });

  it("rethrows a check's exception as a CheckError naming the check", () => {
    const broken: CheckDefinition = {
      id: "t.broken",
      description: "throws",
      subscribe: { messages: ["tools/call"] },
      create: () => ({
        message: () => {
          throw new TypeError("boom");
        },
      }),
    };
    const run = () =>
      validate(mixedTrace().events, {
        registry: registry([requirement("T-001", { checks: ["t.broken"] })]),
        checks: [broken],
      });
    expect(run).toThrow(CheckError);
    expect(run).toThrow("internal error in check t.broken (message): boom");
  });

  it("keeps failing with the same error once a check has thrown", () => {
    const broken: CheckDefinition = {
      id: "t.broken",
      description: "throws on the first tools/call",
      subscribe: { messages: ["tools/call"] },
      create: () => ({
        message: () => {
          throw new Error("boom");
        },
      }),
    };
    const judge = createJudge({
      registry: registry([requirement("T-001", { checks: ["t.broken"] })]),
      checks: [broken],
    });
    const events = mixedTrace().events;
    let first: unknown;
    for (const event of events) {
      try {
        judge.observe(event);
      } catch (error) {
        first ??= error;
      }
    }
    expect(first).toBeInstanceOf(CheckError);
    expect(() => judge.finish()).toThrow(first as Error);
  });
});

describe("revision", () => {
  const heardWith = (options: { revision?: string }) => {
    const heard = emptyHeard();
    const check = recordingCheck("t.all", { messages: ["*"], events: ["lifecycle"] }, heard, (seq) =>
      seq === 1 ? "initialize seen" : undefined,
    );
    const judge = createJudge({
      ...options,
      registries: [registry([requirement("T-001", { checks: ["t.all"] })])],
      checks: [check],
    });
    const events = mixedTrace().events;
    const revisions: (string | undefined)[] = [];
    for (const event of events) {
      judge.observe(event);
      revisions.push(judge.revision);
    }
    return { heard, report: judge.finish(), revisions, findings: judge.findings() };
  };

  it("reads the revision from the initialize result, buffering earlier events and replaying them in order", () => {
    const read = heardWith({});
    expect(read.revisions.slice(0, 3)).toEqual([undefined, undefined, REVISION]);
    expect(read.heard.events).toEqual(["lifecycle@0", "lifecycle@11"]);
    expect(read.heard.messages).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
    expect(read.findings).toEqual([{ check: "t.all", seq: 1, detail: "initialize seen", owner: "client" }]);
  });

  it("exposes the registry and the session facts once the revision is known", () => {
    const reg = registry([requirement("T-001", { checks: [] })]);
    const judge = createJudge({ registries: [reg], checks: [] });
    const events = new TraceBuilder({ revision: REVISION })
      .open()
      .handshake({ server: { tools: { listChanged: true } } }).events;
    judge.observe(events[0]!);
    judge.observe(events[1]!);
    expect(judge.registry).toBeUndefined();
    expect(judge.facts).toBeUndefined();
    judge.observe(events[2]!);
    expect(judge.registry).toBe(reg);
    expect(judge.facts).toMatchObject({
      negotiatedVersion: REVISION,
      serverCapabilities: { tools: { listChanged: true } },
    });
  });

  it("judges a trace the same whether its revision is read from it or given", () => {
    const read = heardWith({});
    const given = heardWith({ revision: REVISION });
    expect(given.revisions[0]).toBe(REVISION);
    expect(read.heard).toEqual(given.heard);
    expect(read.report).toEqual(given.report);
  });

  it("reads a stateless revision from a request's _meta protocol version", () => {
    const events = new TraceBuilder()
      .request(1, "tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } })
      .result(1, { tools: [] }).events;
    const report = validate(events, { registries: [registry([], "2026-07-28")], checks: [] });
    expect(report.revision).toBe("2026-07-28");
  });

  it("refuses a trace that never declares its version with a RevisionError telling to pass --revision", () => {
    const events = new TraceBuilder().open().request(1, "tools/list", {}).result(1, { tools: [] }).close().events;
    const judge = createJudge();
    for (const event of events) judge.observe(event);
    expect(() => judge.finish()).toThrow(RevisionError);
    expect(() => judge.finish()).toThrow(
      "the trace declares no protocol version (no initialize result, no _meta protocolVersion); pass --revision",
    );
  });

  it("gives up buffering after maxBufferedEvents events without a declared version", () => {
    const judge = createJudge({ maxBufferedEvents: 3 });
    const events = new TraceBuilder().open().stderr("a").stderr("b").stderr("c").events;
    judge.observe(events[0]!);
    judge.observe(events[1]!);
    expect(() => judge.observe(events[2]!)).toThrow(/none in its first 3 events/);
  });

  it("names the known revisions when the trace declares an unknown one", () => {
    const judge = createJudge();
    const events = new TraceBuilder({ revision: "1999-01-01" }).open().handshake().events;
    let error: unknown;
    try {
      for (const event of events) judge.observe(event);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RevisionError);
    expect((error as RevisionError).problem).toBe("unknown");
    expect((error as RevisionError).message).toContain('"1999-01-01"');
    expect((error as RevisionError).message).toContain("known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25");
  });

  it("refuses an unknown --revision at once", () => {
    expect(() => createJudge({ revision: "2000-01-01" })).toThrow(
      'unknown revision "2000-01-01" (known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28)',
    );
  });

  it("lets --revision override the version the trace declares", () => {
    const events = new TraceBuilder({ revision: "2024-11-05" }).open().handshake().close().events;
    const report = validate(events, { revision: REVISION, checks: [] });
    expect(report.revision).toBe(REVISION);
  });
});

describe("schema access from a check", () => {
  it("validates against the revision's official schema with short error texts", () => {
    const errors: string[][] = [];
    const check: CheckDefinition = {
      id: "t.schema",
      description: "validates tools/call requests",
      subscribe: { messages: ["tools/call"] },
      create: (ctx) => ({
        message: (ref) => {
          expect(ctx.hasSchema("CallToolRequest")).toBe(true);
          expect(ctx.hasSchema("NoSuchType")).toBe(false);
          errors.push(ctx.validateSchema("CallToolRequest", ref.message.raw));
        },
      }),
    };
    const events = new TraceBuilder()
      .open()
      .handshake()
      .request(1, "tools/call", { name: "echo" })
      .request(2, "tools/call", { name: 7 }).events;
    validate(events, { registry: registry([requirement("T-001", { checks: ["t.schema"] })]), checks: [check] });
    expect(errors).toEqual([[], ["/params/name: must be string"]]);
  });
});
