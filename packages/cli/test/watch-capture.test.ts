/**
 * `watch` says when it judged an incomplete capture: observations the trace file lost (every write failing, as on a
 * full disk: `-o /dev/full`) are counted into the live judge's report, whose `capture:` line and verdict say so,
 * although the judge itself saw every event.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, CORPUS, REPLAY, run } from "./watch-helpers.js";

const TOOL_006 = join(CORPUS, "violations", "tool-006-name-charset.jsonl");

describe("watch: losses outside the judge", () => {
  it("a trace file that lost every event makes the report say it judged an incomplete capture", async () => {
    const watch = [
      BIN,
      "watch",
      "stdio",
      "--force",
      "-o",
      "/dev/full",
      "--",
      process.execPath,
      REPLAY,
      "server",
      TOOL_006,
    ];
    const { code, stderr } = await run(process.execPath, [
      REPLAY,
      "client",
      TOOL_006,
      "--",
      process.execPath,
      ...watch,
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain("mcp-conf watch: 7 observation(s) dropped from /dev/full");
    const report = stderr.slice(stderr.indexOf("MCP trace validation"));
    expect(report).toMatch(/^capture: incomplete — 7 observation\(s\) missing/m);
    // The judge saw the whole session: its findings are all there, only the capture is marked.
    expect(report).toMatch(/^totals: .* 1 warn,/m);
  }, 120_000);
});
