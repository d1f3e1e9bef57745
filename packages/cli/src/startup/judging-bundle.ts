/**
 * Where the judging bundle is and how it is loaded: beside the built file that asks for it (bin.js, check-worker.js),
 * through its code cache. Where it cannot load (a build without it, an install whose packages are not side by side),
 * callers run the same code from the ESM modules instead.
 */
import { fileURLToPath } from "node:url";
import { type LoadedScript, loadScript } from "./code-cache.js";
import type * as Judging from "./judging.js";

export type JudgingBundle = typeof Judging;

/** The judging bundle, or the reason it could not be loaded. */
export function loadJudging(): LoadedScript<JudgingBundle> | { problem: string } {
  try {
    return loadScript<JudgingBundle>(fileURLToPath(new URL("./judging.cjs", import.meta.url)));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
