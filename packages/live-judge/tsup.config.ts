import { defineConfig } from "tsup";

export default defineConfig({
  // The worker and the tap are their own entries: a judge thread loads dist/worker.js, the recorder's thread dist/tap.js.
  entry: ["src/index.ts", "src/worker.ts", "src/tap.ts"],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  target: "node20",
});
