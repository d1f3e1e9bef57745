import { describe, expect, it } from "vitest";
import { type CheckEvidence, judgeRequirement, totalsOf, verdictOf } from "../src/engine/outcome.js";
import type { Finding, Outcome, RequirementRow } from "../src/engine/types.js";
import { requirement } from "./engine-fixtures.js";

const FACTS_WITH_TOOLS = { serverCapabilities: { tools: {} } };

function evidence(known: string[], examined: Record<string, number> = {}, findings: Finding[] = []): CheckEvidence {
  return {
    known: new Set(known),
    examined: (check) => examined[check] ?? 0,
    findings: (check) => findings.filter((f) => f.check === check),
  };
}

const finding: Finding = { check: "t.a", seq: 3, detail: "bad" };
/** The fixture requirements bind the server, so a row's copy of a finding is owed by it. */
const owed: Finding = { ...finding, owner: "server" };

describe("row precedence", () => {
  it("excluded wins over everything, even a missing check", () => {
    const row = judgeRequirement(
      requirement("T-001", { exclusion: "needs the clock", checks: ["t.missing"] }),
      {},
      evidence([]),
    );
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "excluded", exclusion: "needs the clock" });
  });

  it("unsupported when a named check does not exist, before the capability gate", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a", "t.missing"], capability: "server.tools" }),
      {},
      evidence(["t.a"], { "t.a": 1 }, [finding]),
    );
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "unsupported", missing_checks: ["t.missing"] });
  });

  it("not-applicable when the capability gate was not declared, even with findings", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a"], capability: "server.tools" }),
      { serverCapabilities: { prompts: {} } },
      evidence(["t.a"], { "t.a": 1 }, [finding]),
    );
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "not-applicable", capability: "server.tools" });
  });

  it("judges a gated clause when the trace holds no declaration of that side (the probe ran elsewhere)", () => {
    const gated = requirement("T-001", { checks: ["t.a"], capability: "server.tools" });
    const row = judgeRequirement(gated, { clientCapabilities: {} }, evidence(["t.a"], { "t.a": 1 }, [finding]));
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "fail", findings: [owed] });
    const clientGated = requirement("T-002", { checks: ["t.a"], capability: "client.sampling" });
    const closed = judgeRequirement(clientGated, { clientCapabilities: {} }, evidence(["t.a"], { "t.a": 1 }));
    expect(closed).toEqual({ id: "T-002", level: "MUST", outcome: "not-applicable", capability: "client.sampling" });
  });

  it.each([
    ["MUST", "fail"],
    ["MUST NOT", "fail"],
    ["REQUIRED", "fail"],
    ["SHOULD", "warn"],
    ["SHOULD NOT", "warn"],
    ["MAY", "warn"],
  ] as const)("a %s requirement with findings is %s", (level, outcome) => {
    const row = judgeRequirement(
      requirement("T-001", { level, checks: ["t.a"], capability: "server.tools" }),
      FACTS_WITH_TOOLS,
      evidence(["t.a"], { "t.a": 2 }, [finding]),
    );
    expect(row).toEqual({ id: "T-001", level, outcome, findings: [owed] });
  });

  it("pass when some check of the row examined a subject and none found anything", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a", "t.b"] }),
      {},
      evidence(["t.a", "t.b"], { "t.b": 1 }),
    );
    expect(row.outcome).toBe("pass");
  });

  it("not-observed when no check of the row examined anything", () => {
    const row = judgeRequirement(requirement("T-001", { checks: ["t.a"] }), {}, evidence(["t.a"]));
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "not-observed" });
  });

  it("lists a finding once when a requirement names its check twice", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a", "t.a"] }),
      {},
      evidence(["t.a"], {}, [finding]),
    );
    expect(row.findings).toEqual([owed]);
  });
});

describe("--actor: whose obligations are judged", () => {
  const clientFinding: Finding = { check: "t.a", seq: 4, detail: "sent by the client", owner: "client" };

  it("a clause binding the other side is not applicable, naming the side it binds, even with findings", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a"], actor: "client" }),
      {},
      evidence(["t.a"], { "t.a": 1 }, [finding]),
      "server",
    );
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "not-applicable", binds: "client" });
  });

  it("the binding comes after unsupported and before the capability gate", () => {
    const unsupported = judgeRequirement(
      requirement("T-001", { checks: ["t.missing"], actor: "client" }),
      {},
      evidence([]),
      "server",
    );
    expect(unsupported.outcome).toBe("unsupported");
    const gated = judgeRequirement(
      requirement("T-001", { checks: ["t.a"], actor: "client", capability: "client.sampling" }),
      {},
      evidence(["t.a"]),
      "server",
    );
    expect(gated).toEqual({ id: "T-001", level: "MUST", outcome: "not-applicable", binds: "client" });
  });

  it("a clause binding the judged side is judged as without --actor", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a"], actor: "server" }),
      {},
      evidence(["t.a"], { "t.a": 1 }, [finding]),
      "server",
    );
    expect(row).toEqual({ id: "T-001", level: "MUST", outcome: "fail", findings: [owed] });
  });

  it("of a clause binding both, only findings the judged side owes (or that name no side) count", () => {
    const both = requirement("T-001", { checks: ["t.a"], actor: "both" });
    const evidenceOf = evidence(["t.a"], { "t.a": 2 }, [clientFinding, finding]);
    expect(judgeRequirement(both, {}, evidenceOf, "server").findings).toEqual([finding]);
    expect(judgeRequirement(both, {}, evidenceOf, "client").findings).toEqual([finding, clientFinding]);
    expect(judgeRequirement(both, {}, evidence(["t.a"], { "t.a": 1 }, [clientFinding]), "server").outcome).toBe("pass");
  });

  it("a row's finding is owed by the side its clause binds, whatever the engine guessed", () => {
    const row = judgeRequirement(
      requirement("T-001", { checks: ["t.a"], actor: "server" }),
      {},
      evidence(["t.a"], { "t.a": 1 }, [clientFinding]),
    );
    expect(row.findings).toEqual([{ ...clientFinding, owner: "server" }]);
  });
});

describe("totals and verdict", () => {
  const rows = (...outcomes: Outcome[]): RequirementRow[] =>
    outcomes.map((outcome, i) => ({ id: `T-${i}`, level: "MUST", outcome }));

  it("counts every outcome in its own total", () => {
    expect(
      totalsOf(rows("pass", "fail", "warn", "excluded", "unsupported", "not-applicable", "not-observed", "pass")),
    ).toEqual({ pass: 2, fail: 1, warn: 1, excluded: 1, unsupported: 1, not_applicable: 1, not_observed: 1 });
  });

  it("is unsupported if any row is, even beside failures", () => {
    expect(verdictOf(totalsOf(rows("fail", "unsupported", "pass")))).toBe("unsupported");
  });

  it("is fail if any row fails", () => {
    expect(verdictOf(totalsOf(rows("warn", "fail", "pass")))).toBe("fail");
  });

  it("is pass-with-warnings if rows only warn", () => {
    expect(verdictOf(totalsOf(rows("warn", "pass", "not-observed")))).toBe("pass-with-warnings");
  });

  it("is nothing-judged when no row passed, failed or warned", () => {
    expect(verdictOf(totalsOf(rows("excluded", "not-applicable", "not-observed")))).toBe("nothing-judged");
    expect(verdictOf(totalsOf([]))).toBe("nothing-judged");
  });

  it("is pass otherwise", () => {
    expect(verdictOf(totalsOf(rows("pass", "excluded", "not-applicable", "not-observed")))).toBe("pass");
  });
});
