import { copyFileSync, readdirSync } from "node:fs";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  // JSON imported from a dependency is bundled: esbuild drops the
  // `with { type: "json" }` attribute of an external import, which Node then refuses to load.
  noExternal: [/\.json$/],
  // Each revision's compiled schema and registry are loaded on demand from beside the bundle
  // (src/generated/schemas.ts, src/generated/registries.ts).
  async onSuccess() {
    for (const file of readdirSync("src/generated"))
      if (/\.(cjs|json)$/.test(file)) copyFileSync(`src/generated/${file}`, `dist/${file}`);
  },
});
