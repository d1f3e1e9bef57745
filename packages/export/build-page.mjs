// Bundles the viewer page (page/main.ts and page/style.css) into dist/page.js and dist/page.css, which renderHtml
// inlines into one self-contained HTML file. Run after tsup (which empties dist/).
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const here = new URL(".", import.meta.url);
const result = await build({
  entryPoints: [new URL("page/main.ts", here).pathname],
  bundle: true,
  minify: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  write: false,
  legalComments: "none",
});
mkdirSync(new URL("dist/", here), { recursive: true });
writeFileSync(new URL("dist/page.js", here), result.outputFiles[0].text);
copyFileSync(new URL("page/style.css", here), new URL("dist/page.css", here));
