/**
 * The live judge's tap bundle (dist/judge-tap.cjs): the package's tap module, with the validator under it, as one
 * CommonJS file that the recorder's trace thread loads through its code cache (judge-tap.ts). The scripts it loads
 * (the compiled schemas) have caches of their own, which the build's training run writes beside it.
 */

export { openTap } from "@mcp-conf/live-judge/tap";
export { loadedScripts, writeCodeCaches } from "./code-cache.js";
