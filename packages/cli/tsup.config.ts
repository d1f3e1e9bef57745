import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import { defineConfig, type Options } from "tsup";

const SOURCE = resolve("src");
const DIST = resolve("dist");

/**
 * In a bundle (the judging bundle, the live judge's tap bundle) every module keeps its own `import.meta.url`: a
 * package's module still finds the files beside it (the validator its compiled schemas and registries, the recorder
 * its package.json) at its place in the install, side by side with this package as in the workspace and in an npm or
 * pnpm install; the CLI's own modules are where the bundle is. The bundle refuses to load where such a file is
 * missing, and bin.ts (or the tap's entry) then runs the ESM modules.
 */
const ownImportMetaUrl = (bundle: string): Plugin => ({
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.(js|mjs|ts)$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const at = args.path.startsWith(SOURCE) ? bundle : relative(DIST, args.path);
      return {
        contents: text.replaceAll("import.meta.url", `__moduleUrl(${JSON.stringify(at)})`),
        loader: extname(args.path) === ".ts" ? "ts" : "js",
        resolveDir: join(args.path, ".."),
      };
    });
  },
});

/**
 * Dependencies the bundle needs no part of unless a function of theirs is called (the recorder's redaction imports
 * a JSONPath library that check never uses; the gate's suite runner imports the recorder, which validate and check
 * never use): marked free of side effects, esbuild leaves them out when unused.
 */
const NO_SIDE_EFFECTS = /^(jsonpath-rfc9535|@mcp-conf\/recorder)$/;
const unusedLeftOut: Plugin = {
  name: "unused-left-out",
  setup(build) {
    build.onResolve({ filter: NO_SIDE_EFFECTS }, async (args) => {
      if (args.pluginData === "resolving") return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: "resolving",
      });
      return { ...found, sideEffects: false };
    });
  },
};

/** The validator's `createRequire`, in the bundle: compiled schemas load through the code cache. */
const CACHED_REQUIRE = resolve("src/startup/cached-require.ts");
const schemasFromCache: Plugin = {
  name: "schemas-from-cache",
  setup(build) {
    build.onResolve({ filter: /^(node:)?module$/ }, (args) =>
      /[\\/]validator[\\/]dist[\\/]/.test(args.importer) ? { path: CACHED_REQUIRE } : undefined,
    );
  },
};

// A bundle's first line: the build its code cache is made for (src/startup/code-cache.ts).
const STAMP = randomBytes(8).toString("hex");
const moduleUrl = (bundle: string, about: string, source: string) => `// ${about} (stamp ${STAMP}): see ${source}.
const __moduleUrl = (at) => {
  const file = require("node:path").join(__dirname, at);
  if (!require("node:fs").existsSync(file)) throw new Error("${bundle}: " + at + " is not beside it");
  return require("node:url").pathToFileURL(file).href;
};`;

/** The live judge's tap module (what `liveJudgeTap` names for the recorder's thread), beside the package's entry. */
const liveJudgeTap: Plugin = {
  name: "live-judge-tap",
  setup(build) {
    build.onResolve({ filter: /^@mcp-conf\/live-judge\/tap$/ }, () => ({
      path: fileURLToPath(new URL("./tap.js", import.meta.resolve("@mcp-conf/live-judge"))),
    }));
  },
};

/** A CommonJS bundle of `entry` and everything it imports, its first line naming its build (code-cache.ts). */
function bundle(name: string, entry: string, about: string, plugins: Plugin[], options: Options = {}): Options {
  return {
    ...options,
    entry: { [name]: entry },
    format: ["cjs"],
    outExtension: () => ({ js: ".cjs" }),
    noExternal: [/.*/],
    platform: "node",
    target: "node20",
    esbuildPlugins: [...plugins, schemasFromCache, ownImportMetaUrl(`${name}.cjs`)],
    banner: { js: moduleUrl(`${name}.cjs`, about, entry) },
  };
}

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      bin: "src/bin.ts",
      // `check` starts its worker threads from this file, found beside the chunk that starts them.
      "check-worker": "src/check/worker.ts",
      // The build's training run (scripts/write-code-cache.mjs) loads the judging bundle through it.
      "code-cache": "src/startup/code-cache.ts",
      // The recorder's trace thread loads `watch stdio`'s live judge from this file (src/startup/judge-tap.ts).
      "judge-tap": "src/startup/judge-tap.ts",
    },
    format: ["esm"],
    dts: { entry: "src/index.ts" },
    target: "node20",
  },
  // Everything validate and check run, dependencies included, in one CommonJS file (see src/startup/judging.ts).
  bundle("judging", "src/startup/judging.ts", "The judging bundle", [unusedLeftOut]),
  // The live judge's tap and the validator under it, for the recorder's trace thread (src/startup/judge-tap.ts).
  // Without comments and blank space (its first line stays): a third smaller, and all ASCII (the comments were not),
  // which V8 keeps in one byte a character; the tap's thread loads it in ~9 ms less CPU.
  bundle("judge-tap", "src/startup/judge-tap-bundle.ts", "The live judge's tap bundle", [liveJudgeTap], {
    minifyWhitespace: true,
  }),
]);
