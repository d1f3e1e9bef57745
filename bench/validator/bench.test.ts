import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readTraceSync } from "@mcp-conf/trace-format";
import { createJudge, validate } from "@mcp-conf/validator";
import { describe, expect, it } from "vitest";
import { sessionEvents, sessionText } from "./generate-session.js";
import { sessionEvents2026, sessionText2026 } from "./generate-session-2026.js";
import { sessionEvents2026Http, sessionText2026Http } from "./generate-session-2026-http.js";

const benchDir = dirname(fileURLToPath(import.meta.url));

describe("validator bench session", () => {
  it("holds exactly the requested number of messages between transport-open and transport-close", () => {
    for (const messages of [5, 6, 7, 1_001]) {
      const events = [...sessionEvents(messages)];
      expect(events.filter((event) => event.kind === "message")).toHaveLength(messages);
      expect(events[0]).toMatchObject({ kind: "lifecycle", event: "transport-open" });
      expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
    }
  });

  it("is read back by the trace reader event for event", () => {
    expect(readTraceSync(sessionText(1_001))).toEqual([...sessionEvents(1_001)]);
  });

  it("mixes tool calls with progress, resource reads, pings and log notifications", () => {
    const methods = new Set<string>();
    for (const event of sessionEvents(1_001)) {
      const payload = event.kind === "message" ? (event.payload as { method?: unknown }) : undefined;
      if (typeof payload?.method === "string") methods.add(payload.method);
    }
    expect([...methods].sort()).toEqual([
      "initialize",
      "notifications/initialized",
      "notifications/message",
      "notifications/progress",
      "ping",
      "resources/read",
      "tools/call",
      "tools/list",
    ]);
  });

  it("is a conforming session: the validator finds nothing to fail or warn", () => {
    const report = validate(sessionEvents(1_001));
    expect(report.revision).toBe("2025-11-25");
    expect(report.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn")).toEqual([]);
  });

  it("judged as a stream gives the same report as judged whole", () => {
    const judge = createJudge();
    for (const event of sessionEvents(2_001)) judge.observe(event);
    expect(judge.finish()).toEqual(validate([...sessionEvents(2_001)]));
  });
});

describe("validator bench session at 2026-07-28", () => {
  it("holds exactly the requested number of messages, whatever the count", () => {
    for (let messages = 6; messages <= 40; messages++) {
      const events = [...sessionEvents2026(messages)];
      expect(events.filter((event) => event.kind === "message")).toHaveLength(messages);
      expect(events.at(-1)).toMatchObject({ kind: "lifecycle", event: "transport-close" });
    }
    expect(() => [...sessionEvents2026(5)]).toThrow(/at least 6 messages/);
  });

  it("is a conforming 2026-07-28 session: the validator finds nothing to fail or warn", () => {
    const report = validate(readTraceSync(sessionText2026(1_001)));
    expect(report.revision).toBe("2026-07-28");
    expect(report.verdict).toBe("pass");
    expect(report.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn")).toEqual([]);
    expect(report.totals.pass).toBeGreaterThan(30);
  });

  it("judged as a stream gives the same report as judged whole", () => {
    const judge = createJudge();
    for (const event of sessionEvents2026(2_001)) judge.observe(event);
    expect(judge.finish()).toEqual(validate([...sessionEvents2026(2_001)]));
  });
});

describe("validator bench session at 2026-07-28 over streamable HTTP", () => {
  it("holds the stdio session's messages, each request POSTed with its routing headers and each answer in a response", () => {
    const events = [...sessionEvents2026Http(41)];
    const messages = events.filter((event) => event.kind === "message");
    expect(messages.map((event) => event.payload)).toEqual(
      [...sessionEvents2026(41)].filter((event) => event.kind === "message").map((event) => event.payload),
    );
    expect(new Set(events.map((event) => event.transport))).toEqual(new Set(["streamable-http"]));
    const posts = events.filter((event) => event.kind === "http" && event.direction === "client-to-server");
    const requests = messages.filter((event) => event.direction === "client-to-server");
    expect(posts).toHaveLength(requests.length);
    expect(posts[2]).toMatchObject({
      method: "POST",
      headers: { "mcp-method": "tools/call", "mcp-name": "trigger-long-running-operation" },
    });
  });

  it("is a conforming session: the validator finds nothing to fail or warn", () => {
    const report = validate(readTraceSync(sessionText2026Http(1_001)));
    expect(report.revision).toBe("2026-07-28");
    expect(report.verdict).toBe("pass");
    expect(report.requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn")).toEqual([]);
  });
});

describe("validator bench script", () => {
  it("runs end to end on a reduced session and prints its figures", () => {
    const output = execFileSync("npx", ["tsx", join(benchDir, "bench.ts")], {
      cwd: join(benchDir, ".."),
      env: {
        ...process.env,
        BENCH_MESSAGES: "501",
        BENCH_STREAM_EVENTS: "20000",
        BENCH_ROUNDS: "2",
        BENCH_PROCESSES: "2",
      },
      encoding: "utf8",
    });
    expect(output).toMatch(/validator 2025-11-25: 501 messages \(503 events/);
    expect(output).toMatch(/validator 2026-07-28: 501 messages \(503 events/);
    expect(output).toMatch(/validator 2026-07-28 over streamable HTTP: 501 messages/);
    expect(output).toMatch(/read \+ parse \(readTraceSync\)\s+[\d.]+ ms/);
    expect(output).toMatch(/validate \(all checks \+ schema\)\s+[\d.]+ ms .* ratio to reading [\d.]+x/);
    expect(output).toMatch(/validator warm figures, medians over 2 process\(es\):/);
    expect(output).toMatch(
      /validate 2026-07-28 [\d.]+ ms \(per process [\d.]+, [\d.]+\) {2}target < 80 ms: (met|MISSED)/,
    );
    expect(output).toMatch(/validate 2026-07-28 streamable HTTP [\d.]+ ms \(per process [\d.]+, [\d.]+\)\n/);
    expect(output).toMatch(/stream: 20,000 events through one judge .*\(judge [\d,]+ events\/s\).* peak RSS \d+ MiB/);
  }, 60_000);
});
