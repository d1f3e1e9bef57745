import { describe, expect, it } from "vitest";
import { probe, session } from "../../test/support/probe-sessions.js";
import { validate } from "./judge.js";
import { isProbeOf, isProbeSession, probeFacts } from "./probe.js";

describe("a probe session linked to the session it precedes", () => {
  it("is a stdio session whose only requests are server/discover", () => {
    expect(isProbeSession(probe("2026-01-01T00:00:00Z"))).toBe(true);
    expect(isProbeSession(session("2026-01-01T00:00:01Z"))).toBe(false);
  });

  it("links by the same command, opened before the session and at most 30 s earlier", () => {
    const p = probe("2026-01-01T00:00:00Z");
    expect(isProbeOf(p, session("2026-01-01T00:00:01Z"))).toBe(true);
    expect(isProbeOf(p, session("2026-01-01T00:00:31Z"))).toBe(false);
    expect(isProbeOf(p, session("2025-12-31T23:59:59Z"))).toBe(false);
    expect(isProbeOf(p, session("2026-01-01T00:00:01Z", ["node", "other.js"]))).toBe(false);
  });

  it("gives the session the server's declaration: what it used without negotiating is judged", () => {
    const events = session("2026-01-01T00:00:01Z");
    const row = (report: ReturnType<typeof validate>) => report.requirements.find((r) => r.id === "PROM-013");
    expect(row(validate(events))?.outcome).toBe("not-observed");
    const linked = validate(events, { probe: probeFacts(probe("2026-01-01T00:00:00Z")) });
    expect(row(linked)?.outcome).toBe("warn");
  });
});
