import { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";

const CHECK = "life.list-changed-declared";
const changed = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };

describe(`${CHECK} (LIFE-015; PROM-013 at 2026-07-28)`, () => {
  it("passes a list change of a capability declared with listChanged", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { tools: { listChanged: true } } })
      .server(changed);
    expect(judged(CHECK, t.close().events)).toEqual({ findings: [], examined: 1 });
  });

  it("fails a list change of a capability declared without listChanged", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { tools: {} } })
      .server(changed);
    const { findings } = judged(CHECK, t.close().events);
    expect(findings.map((f) => f.detail)).toEqual([
      'the server sent "notifications/tools/list_changed" but its "tools" capability does not declare listChanged',
    ]);
  });

  it("leaves a list change of an undeclared capability to that capability's clause (TOOL-001)", () => {
    const t = new TraceBuilder()
      .open()
      .handshake({ server: { prompts: {} } })
      .server(changed);
    expect(judged(CHECK, t.close().events)).toEqual({ findings: [], examined: 0 });
    expect(judged("tool.capability-declared", t.events).findings).toHaveLength(1);
  });
});
