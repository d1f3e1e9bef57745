/**
 * `watch stdio`'s live judge through the CLI's code cache. The session's thread hands the recorder this module instead
 * of the package's tap (`cachedJudgeTap`), and the recorder's trace thread opens it (`openTap`): the tap and the
 * validator under it run from dist/judge-tap.cjs (judge-tap-bundle.ts) through the code cache the build's training run
 * made by judging the corpus through a tap (code-cache.ts), so the thread neither resolves nor compiles the package's
 * ESM graph, and the functions a judge runs start compiled. Where the bundle cannot run from its cache (none, another
 * V8 or other flags, packages not side by side), the package's own tap module runs instead, as it does without this
 * module; run from the sources (no built module beside this one), the package's tap is handed as it is.
 */
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { ThreadTap, ThreadTapModule } from "@mcp-conf/recorder";
import { type LoadedScript, loadScript, traceStartup } from "./code-cache.js";
import type * as TapBundle from "./judge-tap-bundle.js";

/**
 * The V8 flags `watch` sets before its threads start (commands/watch.ts says why). The tap's caches are made under
 * them: V8 refuses a cache made under other flags.
 */
export const WATCH_V8_FLAGS = "--heap-growing-percent=20";

/** What the session's thread hands this module: the package's tap module (the fallback) and that module's data. */
export interface CachedTapData {
  esm: string;
  data: unknown;
}

const ENTRY = new URL("./judge-tap.js", import.meta.url);

/** The package's tap as this module, in a built CLI (else as it is). */
export function cachedJudgeTap(tap: ThreadTapModule): ThreadTapModule {
  if (!existsSync(fileURLToPath(ENTRY))) return tap;
  const data: CachedTapData = { esm: tap.module, data: tap.data };
  return { ...tap, module: ENTRY.href, data };
}

function loadTapBundle(): LoadedScript<typeof TapBundle> | { problem: string } {
  try {
    const file = fileURLToPath(new URL("./judge-tap.cjs", import.meta.url));
    return loadScript<typeof TapBundle>(file, undefined, { cachedOnly: true });
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export async function openTap({ esm, data }: CachedTapData): Promise<ThreadTap> {
  const bundle = loadTapBundle();
  if ("problem" in bundle) {
    traceStartup(`live judge from the package's tap module: ${bundle.problem}`);
    return ((await import(esm)) as typeof TapBundle).openTap(data);
  }
  const tap = bundle.exports.openTap(data);
  const caches = [bundle, ...bundle.exports.loadedScripts()].map(
    (script) => `${basename(script.file)} ${script.cache}`,
  );
  traceStartup(`live judge from the tap bundle, code caches: ${caches.join(", ")}`);
  return tap;
}
