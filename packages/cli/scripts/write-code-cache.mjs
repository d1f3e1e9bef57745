// The build's last step: loads dist/judging.cjs, trains it by judging the corpus's good sessions of every revision as
// `validate` (text and JSON) and `check` would, and writes the bytecode V8 compiled meanwhile as
// dist/judging.cjs.cache (and dist/schema-<revision>.cjs.cache for each revision's compiled schema), so that a
// judging run starts with its functions compiled (src/startup/code-cache.ts).
// Without the corpus (a build outside the repository) only the bundle's top level is cached.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

// V8 drops the bytecode of functions that have not run for a few garbage collections, and a long training run would
// leave early ones (each check's set-up) out of the cache. The flag is set back before the cache is written: V8
// refuses a cache made under other flags.
v8.setFlagsFromString("--no-flush-bytecode");
const { loadScript } = await import("../dist/code-cache.js");

const here = dirname(fileURLToPath(import.meta.url));
const bundle = loadScript(join(here, "..", "dist", "judging.cjs"));
const corpus = join(here, "..", "..", "..", "corpus");
const traces = (existsSync(corpus) ? readdirSync(corpus) : []).flatMap((revision) => {
  const good = join(corpus, revision, "good");
  return existsSync(good)
    ? readdirSync(good)
        .filter((file) => file.endsWith(".jsonl"))
        .map((file) => join(good, file))
    : [];
});

if (traces.length > 0) {
  const discard = () =>
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    });
  const io = { stdout: discard(), stderr: discard(), stdin: Readable.from([]) };
  for (const args of [
    ["validate", ...traces],
    ["validate", "--format", "json", ...traces],
    ["check", "--jobs", "1", "--fail-on", "fail,warn,error,pending,invalid,mismatch", ...traces],
  ]) {
    const code = await bundle.exports.runPlainCommand(args, io);
    if (code === undefined) throw new Error(`write-code-cache: ${args[0]} did not run from the bundle`);
  }
}
v8.setFlagsFromString("--flush-bytecode");
bundle.exports.writeCodeCaches();
bundle.writeCache();
