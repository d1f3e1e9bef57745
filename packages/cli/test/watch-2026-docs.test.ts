/**
 * docs/watch.md's 2026-07-28 example: a corpus session of that revision (a request without its `_meta` protocol
 * version, refused with -32602) replayed through `watch stdio` prints the live finding the page shows, judged at
 * the revision the first answered request settled.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, replayThroughWatch, tempDir } from "./watch-helpers.js";

const TRACE = join(REPO_ROOT, "corpus", "2026-07-28", "violations", "base-045-protocol-version-missing.jsonl");

/** The lines of the fenced block after `<!-- example: NAME -->` in docs/watch.md. */
function example(name: string): string[] {
  const text = readFileSync(join(REPO_ROOT, "docs", "watch.md"), "utf8");
  const marker = text.indexOf(`<!-- example: ${name} -->`);
  if (marker === -1) throw new Error(`docs/watch.md has no example ${name}`);
  const start = text.indexOf("\n", text.indexOf("```", marker)) + 1;
  return text.slice(start, text.indexOf("```", start)).replace(/\n$/, "").split("\n");
}

describe("watch stdio on a 2026-07-28 session (docs/watch.md)", () => {
  it("prints the live finding and the revision line the page shows", async () => {
    const dir = tempDir();
    const { code, stderr } = await replayThroughWatch(TRACE, join(dir, "session.jsonl"));
    const lines = stderr.split("\n");
    const shown = example("watch-2026-base-045");
    for (const line of shown) expect(lines, line).toContain(line);
    expect(code).toBe(0);
  }, 120_000);
});
