/**
 * `watch stdio`'s live judge runs on the recorder's trace thread from the CLI's tap bundle through its code cache
 * (src/startup/judge-tap.ts); where the bundle cannot run from its cache it runs the package's tap module instead. Both
 * must judge alike: the built CLI's watch (the bundle) is compared with a copy of its dist outside the repository,
 * where the bundle finds the packages' files not beside it and falls back, and that copy then without its cache and
 * under other V8 flags.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./validate-helpers.js";
import { CORPUS, REPLAY, run, tempDir } from "./watch-helpers.js";

const TRACE_STARTUP = { MCP_CONF_TRACE_STARTUP: "1" };
const DIST = join(REPO_ROOT, "packages", "cli", "dist");
const CACHED_LINE =
  /^mcp-conf: start-up: live judge from the tap bundle, code caches: judge-tap\.cjs accepted, (schema-[\d-]+\.cjs accepted(, )?)+$/m;
const STARTUP_LINE = /^mcp-conf: start-up: .*\n/gm;
const TALLY_LINE = /^mcp-conf watch: \d+ exchange\(s\); findings so far: .*$/gm;

/**
 * stderr without its start-up lines, and with only its last tally: each pass's tally counts the exchanges that pass
 * took in, which is timing's, not the judge's (the last is the report's).
 */
function comparable(stderr: string): string {
  const text = stderr.replace(STARTUP_LINE, "");
  return `${text.replace(TALLY_LINE, "")}${text.match(TALLY_LINE)?.at(-1) ?? ""}`;
}

/** Replays a stdio corpus trace through `watch stdio` of the `bin.js` given; stderr with the paths made alike. */
async function watched(bin: string, trace: string, node: string[] = []) {
  const dir = tempDir();
  const output = join(dir, "session.jsonl");
  const watch = [...node, bin, "watch", "stdio", "-o", output, "--", process.execPath, REPLAY, "server", trace];
  const done = await run(process.execPath, [REPLAY, "client", trace, "--", process.execPath, ...watch], TRACE_STARTUP);
  rmSync(dir, { recursive: true, force: true });
  return {
    ...done,
    stderr: done.stderr.replaceAll(dir, "DIR").replace(/session \S+ recording/, "session S recording"),
  };
}

describe("watch stdio's live judge from the CLI's code cache", () => {
  // The copy's modules still resolve the packages (through a link to the CLI's node_modules), but the bundle's package
  // files are not where it looks for them, beside it. Outside the repository, a copy an interrupted run leaves behind
  // is no package of the workspace.
  const copy = mkdtempSync(join(tmpdir(), "mcp-conf-dist-copy-"));
  cpSync(DIST, join(copy, "dist"), { recursive: true });
  cpSync(join(DIST, "..", "package.json"), join(copy, "package.json"));
  symlinkSync(join(DIST, "..", "node_modules"), join(copy, "node_modules"), "dir");
  const copied = join(copy, "dist", "bin.js");
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const traces = [
    join(CORPUS, "violations", "tool-006-name-charset.jsonl"),
    join(CORPUS, "violations", "base-005-request-id-reused.jsonl"),
    join(CORPUS, "violations", "base-015-schema-invalid-capability.jsonl"),
  ];
  it.each(traces)("runs from the tap bundle and prints what the package's tap prints: %s", async (trace) => {
    const bundled = await watched(join(DIST, "bin.js"), trace);
    expect(bundled.stderr).toMatch(CACHED_LINE);
    const fallback = await watched(copied, trace);
    expect(fallback.stderr).toMatch(
      /^mcp-conf: start-up: live judge from the package's tap module: judge-tap\.cjs: \.\.\/\.\.\/.* is not beside it$/m,
    );
    expect(fallback.code).toBe(bundled.code);
    expect(bundled.stderr).toMatch(/(FAIL|WARN) /);
    expect(comparable(fallback.stderr)).toBe(comparable(bundled.stderr));
  });

  it("falls back to the package's tap where its cache is refused or missing, and judges alike", async () => {
    const trace = traces[0]!;
    const expected = comparable((await watched(join(DIST, "bin.js"), trace)).stderr);
    const refused = await watched(copied, trace, ["--no-opt"]);
    expect(refused.stderr).toMatch(
      /^mcp-conf: start-up: live judge from the package's tap module: judge-tap\.cjs's code cache is rejected$/m,
    );
    expect(comparable(refused.stderr)).toBe(expected);
    rmSync(join(copy, "dist", "judge-tap.cjs.cache"));
    const missing = await watched(copied, trace);
    expect(missing.stderr).toMatch(
      /^mcp-conf: start-up: live judge from the package's tap module: judge-tap\.cjs's code cache is absent$/m,
    );
    expect(comparable(missing.stderr)).toBe(expected);
  });
});
