import { defineConfig } from "tsup";

export default defineConfig({
  // The workers and the tap are their own entries: a judge thread loads dist/worker.js (a pool's dist/pool-worker.js),
  // the recorder's thread dist/tap.js.
  entry: ["src/index.ts", "src/worker.ts", "src/tap.ts", "src/pool-worker.ts"],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  target: "node20",
});
