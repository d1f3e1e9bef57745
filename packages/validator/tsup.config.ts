import { copyFileSync, readdirSync } from "node:fs";
import { libraryConfig } from "../../tsup.library.js";

export default libraryConfig({
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
