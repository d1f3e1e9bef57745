/**
 * The validator's `createRequire` inside a bundle (judging.cjs, judge-tap.cjs; tsup.config.ts hands it this module for `module`):
 * the same `require`, except that a `.cjs` file — a revision's compiled schema, the largest script a judging run
 * compiles — is loaded through the code cache the build keeps beside the bundle (code-cache.ts).
 */
import { createRequire as nodeCreateRequire } from "node:module";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { loadScript } from "./code-cache.js";

/**
 * Each bundle keeps its own cache of a schema (judging.schema-<revision>.cjs.cache, judge-tap.schema-…): V8 refuses a
 * cache made under other flags, and watch's tap runs under watch's (judge-tap.ts).
 */
const BUNDLE = basename(fileURLToPath(import.meta.url), ".cjs");

export function createRequire(from: string | URL): NodeJS.Require {
  const require = nodeCreateRequire(from);
  const cachedRequire = (id: string): unknown => {
    if (!id.endsWith(".cjs")) return require(id);
    const file = require.resolve(id);
    return loadScript(file, fileURLToPath(new URL(`./${BUNDLE}.${basename(file)}.cache`, import.meta.url))).exports;
  };
  return Object.assign(cachedRequire, require);
}
