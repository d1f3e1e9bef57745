import { defineConfig } from "tsup";

export default defineConfig({
  // The worker is its own entry: the judge thread loads dist/worker.js next to dist/index.js.
  entry: ["src/index.ts", "src/worker.ts"],
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  target: "node20",
});
