import { copyFileSync } from "node:fs";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  // The schema ships beside the bundle as a plain file too: `@mcp-conf/trace-format/trace-event.schema.json`.
  onSuccess: async () => copyFileSync("src/schema/trace-event.schema.json", "dist/trace-event.schema.json"),
});
