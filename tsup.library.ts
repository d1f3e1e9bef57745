/**
 * The build every library package shares: ESM for Node 20 with its declarations, from `src/index.ts` (and the
 * entries a package adds). A package's tsup.config.ts passes only what differs.
 */
import { defineConfig, type Options } from "tsup";

export function libraryConfig(options: Options = {}) {
  return defineConfig({
    entry: ["src/index.ts"],
    format: ["esm"],
    dts: true,
    clean: true,
    target: "node20",
    ...options,
  });
}
