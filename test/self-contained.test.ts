/**
 * The repository is self-contained: nothing in it reads the `shared/` directory that sits beside the project's
 * working copy (specs, peers, design notes) at build, test or run time. The spec sources live in `spec/`; anything
 * else the project needs is copied in with its license. Every tracked text file that code, scripts or configuration
 * is made of is searched for a path into it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Files that run or configure something (prose — Markdown, changesets — may name the directory). */
const CODE = /\.(ts|mts|cts|js|mjs|cjs|json|jsonc|ya?ml|toml|sh)$|(^|\/)(run|Dockerfile)$/;
/** A relative path climbing to a sibling `shared`, or an absolute one into it. */
const INTO_SHARED = /(\.\.[\\/])+shared\b|[\\/]work[\\/]shared\b/;
/** The directory's name, so that no file of the project, this one included, spells a path into it. */
const NAME = "shared";

function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "");
}

describe("the repository", () => {
  it("reads nothing from the sibling shared directory: no code, script or configuration file names a path into it", () => {
    const offenders = trackedFiles()
      .filter((file) => CODE.test(file) && !file.startsWith("spec/"))
      .filter((file) => INTO_SHARED.test(readFileSync(join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("would notice one: the pattern matches the paths the spec sources used to be read from", () => {
    expect(INTO_SHARED.test(`join(root, "..", "..", "../${NAME}/spec", revision)`)).toBe(true);
    expect(INTO_SHARED.test(`/work/${NAME}/spec/2025-11-25/schema/schema.json`)).toBe(true);
    expect(INTO_SHARED.test('join(repoRoot(), "spec", revision)')).toBe(false);
  });
});
