import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    bin: "src/bin.ts",
    "conformance-client-shim": "src/conformance/client-shim.ts",
    // `check` starts its worker threads from this file, found beside the chunk that starts them.
    "check-worker": "src/check/worker.ts",
  },
  format: ["esm"],
  dts: { entry: "src/index.ts" },
  clean: true,
  target: "node20",
});
