import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { afterAll, describe, expect, it } from "vitest";
import { probe, session } from "../test/support/probe-sessions.js";
import { findProbe, linkProbes, ProbeLinker } from "./probe-file.js";

const dir = mkdtempSync(join(tmpdir(), "probe-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (events: readonly TraceEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join("");
function trace(name: string, events: readonly TraceEvent[]): string {
  const path = join(dir, `${name}.jsonl`);
  writeFileSync(path, lines(events));
  return path;
}

describe("probes among trace files", () => {
  const p1 = trace("p1", probe("2026-01-01T00:00:00Z"));
  const s1 = trace("s1", session("2026-01-01T00:00:01Z"));
  const p2 = trace("p2", probe("2026-01-01T00:01:00Z"));
  const s2 = trace("s2", session("2026-01-01T00:01:02Z"));
  const late = trace("late", session("2026-01-01T00:02:00Z"));
  const other = trace("other", session("2026-01-01T00:01:01Z", ["node", "other.js"]));
  const broken = join(dir, "broken.jsonl");
  writeFileSync(broken, "{not json\n");

  it("links each session to the newest probe of its command opened at most 30 s before it, both ways", async () => {
    const links = await linkProbes([late, s2, other, broken, p2, s1, p1]);
    expect(Object.fromEntries(links.probeOf)).toEqual({ [s1]: p1, [s2]: p2 });
    expect(Object.fromEntries(links.sessionsOf)).toEqual({ [p1]: [s1], [p2]: [s2] });
  });

  it("finds one session's probe with the server's declaration it holds", async () => {
    const found = await findProbe(s2, [p1, p2, s1, s2, broken]);
    expect(found?.path).toBe(p2);
    expect(found?.facts.serverCapabilities).toEqual({ tools: {} });
    expect(await findProbe(late, [p1, p2, s1])).toBeUndefined();
  });

  it("looks again at a file whose size changed: a recording that has only opened is no session yet", async () => {
    const [open, ...rest] = session("2026-01-01T00:03:01Z");
    const growing = trace("growing", [open!]);
    const probeOfIt = trace("probe-of-growing", probe("2026-01-01T00:03:00Z"));
    const linker = new ProbeLinker();
    const candidates = () => [growing, probeOfIt].map((path) => ({ path, bytes: statSync(path).size }));
    // Only opened: neither request yet, so it is no session of the probe's (nor a probe).
    expect((await linker.link(candidates())).probeOf.size).toBe(0);
    appendFileSync(growing, lines(rest));
    expect((await linker.link(candidates())).probeOf.get(growing)).toBe(probeOfIt);
  });
});
