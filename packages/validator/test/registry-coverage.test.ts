/**
 * Every normative sentence of a revision's pages is in its registry (quoted whole, or a quote of it), or is listed in
 * `registry-pending/<revision>.txt` as not yet carried. The list must match exactly: carrying a sentence means
 * deleting its line, and a page sentence the registry lacks cannot go unnoticed.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { knownRevisions, loadRegistry } from "../src/registry/index.js";
import { normalise, normativeSentences, repoRoot } from "./registry-sources.js";

const pendingDir = join(repoRoot(), "packages", "validator", "test", "registry-pending");

function pending(revision: string): string[] {
  const file = join(pendingDir, `${revision}.txt`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
}

describe.each(knownRevisions())("registry %s: coverage of the pages", (revision) => {
  it("holds every sentence with a BCP 14 keyword, or lists it as pending", () => {
    const quotes = loadRegistry(revision).requirements.map((r) => normalise(r.source.quote));
    const uncovered = normativeSentences(revision)
      .filter(({ sentence }) => !quotes.some((quote) => sentence.includes(quote) || quote.includes(sentence)))
      .map(({ page, sentence }) => `${page}\t${sentence}`);
    expect(uncovered.sort()).toEqual(pending(revision).sort());
  });
});
