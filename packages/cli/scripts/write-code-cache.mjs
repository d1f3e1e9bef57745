// The build's last step: loads dist/judging.cjs, trains it by judging the corpus's good sessions of every revision as
// `validate` (text and JSON) and `check` would, and writes the bytecode V8 compiled meanwhile as
// dist/judging.cjs.cache (and dist/judging.schema-<revision>.cjs.cache for each revision's compiled schema), so that
// a judging run starts with its functions compiled (src/startup/code-cache.ts). Likewise dist/judge-tap.cjs (and its
// judge-tap.schema-<revision>.cjs.cache), the live judge's tap that `watch stdio` runs on the recorder's thread
// (src/startup/judge-tap.ts), trained by judging the same sessions through a tap as `watch` does, event by event, to
// the end-of-session report.
// Without the corpus (a build outside the repository) only the bundles' top levels are cached.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";

// V8 drops the bytecode of functions that have not run for a few garbage collections, and a long training run would
// leave early ones (each check's set-up) out of the cache. The flag is set back before the cache is written: V8
// refuses a cache made under other flags.
v8.setFlagsFromString("--no-flush-bytecode");
const { loadScript } = await import("../dist/code-cache.js");
const { WATCH_V8_FLAGS } = await import("../dist/judge-tap.js");

const here = dirname(fileURLToPath(import.meta.url));
const bundle = loadScript(join(here, "..", "dist", "judging.cjs"));
const tapBundle = loadScript(join(here, "..", "dist", "judge-tap.cjs"));
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
  // The session's side of each judge is the package's, as in `watch`; only the tap runs from the bundle.
  const { liveJudgeTap } = await import("@mcp-conf/live-judge");
  const { readTraceSync } = await import("@mcp-conf/trace-format");
  for (const trace of traces) {
    const { judge, tap } = liveJudgeTap({ reportRows: "problems" });
    const opened = tapBundle.exports.openTap(tap.data);
    for (const event of readTraceSync(readFileSync(trace))) {
      opened.event(event);
      tap.poll();
    }
    const summary = await judge.close();
    await opened.close();
    tap.data.port.close();
    if (summary.report === undefined) throw new Error(`write-code-cache: the tap judged no session in ${trace}`);
  }
}
v8.setFlagsFromString("--flush-bytecode");
bundle.exports.writeCodeCaches();
bundle.writeCache();
// The tap runs in `watch`, under watch's flags: its caches are made under them.
v8.setFlagsFromString(WATCH_V8_FLAGS);
tapBundle.exports.writeCodeCaches();
tapBundle.writeCache();
