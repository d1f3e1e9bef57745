import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { CheckError } from "../src/engine/errors.js";
import { validate } from "../src/engine/judge.js";
import type { CheckDefinition, Reading } from "../src/engine/types.js";
import { registry, requirement } from "./engine-fixtures.js";

function trace() {
  return new TraceBuilder()
    .open()
    .handshake() // 0 open, 1 initialize, 2 result, 3 initialized
    .request(1, "tools/call", { name: "echo", arguments: {} }) // 4
    .result(1, { content: [] }) // 5
    .request(2, "tools/list", {}) // 6
    .result(2, { tools: [] }) // 7
    .close(); // 8
}

/** A reading of the client requests, counting how often the engine made it and fed it. */
function requestReading(fed: { made: number; messages: number[]; finished: number }): Reading<string> {
  return {
    id: "t.requests",
    subscribe: { messages: ["*request"] },
    create(_ctx, emit) {
      fed.made++;
      return {
        message(ref) {
          fed.messages.push(ref.seq);
          if (ref.message.type === "request") emit(`${ref.seq}:${ref.message.method}`);
        },
        finish() {
          fed.finished++;
          emit("end");
        },
      };
    },
  };
}

function reader(id: string, reading: Reading<string>, heard: string[]): CheckDefinition<string> {
  return {
    id,
    description: "records what the reading hands it",
    subscribe: {},
    reads: reading,
    create: (ctx) => ({
      read(item) {
        heard.push(`${id} ${item}`);
        if (item.endsWith("tools/list")) ctx.report(6, "saw tools/list");
      },
    }),
  };
}

describe("shared readings", () => {
  it("are made once per judge (and once when the registry's plan is made) and fed once, and hand each item to every check reading them, in check order", () => {
    const fed = { made: 0, messages: [] as number[], finished: 0 };
    const reading = requestReading(fed);
    const heard: string[] = [];
    const checks = [reader("t.first", reading, heard), reader("t.second", reading, heard)];
    const judged = registry(checks.map((c, i) => requirement(`T-00${i + 1}`, { checks: [c.id] })));
    const report = validate(trace().events, { registry: judged, checks });
    // The plan looks at each check and reading once, to learn its handlers; every judge of the registry shares it.
    expect(fed).toEqual({ made: 2, messages: [1, 4, 6], finished: 1 });
    expect(heard).toEqual([
      "t.first 1:initialize",
      "t.second 1:initialize",
      "t.first 4:tools/call",
      "t.second 4:tools/call",
      "t.first 6:tools/list",
      "t.second 6:tools/list",
      "t.first end",
      "t.second end",
    ]);
    expect(report.requirements.map((row) => [row.id, row.outcome, row.findings?.[0]?.check])).toEqual([
      ["T-001", "fail", "t.first"],
      ["T-002", "fail", "t.second"],
    ]);
    validate(trace().events, { registry: judged, checks });
    expect(fed.made).toBe(3);
  });

  it("are not made when no running check reads them", () => {
    const fed = { made: 0, messages: [] as number[], finished: 0 };
    const heard: string[] = [];
    const checks = [reader("t.unnamed", requestReading(fed), heard)];
    validate(trace().events, { registry: registry([requirement("T-001", { exclusion: "none" })]), checks });
    expect(fed.made).toBe(0);
    expect(heard).toEqual([]);
  });

  it("blame the check whose read handler threw, and name the reading when the reading throws", () => {
    const heard: string[] = [];
    const throwing: CheckDefinition<string> = {
      ...reader("t.throws", requestReading({ made: 0, messages: [], finished: 0 }), heard),
      create: () => ({
        read() {
          throw new TypeError("boom");
        },
      }),
    };
    const broken: Reading<string> = {
      id: "t.broken",
      subscribe: { messages: ["tools/call"] },
      create: () => ({
        message() {
          throw new TypeError("bust");
        },
      }),
    };
    const run = (check: CheckDefinition<string>) => () =>
      validate(trace().events, {
        registry: registry([requirement("T-001", { checks: [check.id] })]),
        checks: [check],
      });
    expect(run(throwing)).toThrow(CheckError);
    expect(run(throwing)).toThrow("internal error in check t.throws (message): boom");
    expect(run(reader("t.reads-broken", broken, heard))).toThrow(
      "internal error in check reading t.broken (message): bust",
    );
  });
});
