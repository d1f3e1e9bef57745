/**
 * The live judge's tap module (the file `liveJudgeTap` names for the recorder's thread): the package exports no
 * path to it, so tsup.config.ts resolves this name to it for the tap bundle only (judge-tap-bundle.ts).
 */
declare module "@mcp-conf/live-judge/tap" {
  import type { ThreadTap } from "@mcp-conf/recorder";
  export function openTap(data: unknown): ThreadTap;
}
