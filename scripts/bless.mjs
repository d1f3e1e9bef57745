// `pnpm bless`: regenerates the golden reports under corpus/<revision>/golden/ from the current validator, for
// review in `git diff`. It renders exactly what the corpus test compares against (the same module,
// packages/validator/test/corpus-files.ts, loaded through tsx), writes only files whose bytes changed, removes
// goldens no trace produces any more, and prints what it did.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { register } from "tsx/esm/api";

register();
const corpus = await import("../packages/validator/test/corpus-files.ts");

let written = 0;
let unchanged = 0;
let removed = 0;
let total = 0;
for (const revision of corpus.CORPUS_REVISIONS) {
  const targets = corpus.goldenTargets(revision);
  const dir = corpus.goldenDir(revision);
  total += targets.length;
  mkdirSync(dir, { recursive: true });
  const judged = new Map();
  for (const target of targets) {
    const key = `${target.trace.kind}/${target.trace.name}`;
    if (!judged.has(key)) judged.set(key, corpus.judgeCorpusTrace(target.trace));
    const text = corpus.renderGolden(target, judged.get(key));
    const path = join(dir, target.file);
    if (existsSync(path) && readFileSync(path, "utf8") === text) {
      unchanged++;
      continue;
    }
    writeFileSync(path, text);
    written++;
    console.log(`wrote   ${revision}/golden/${target.file}`);
  }
  const expected = new Set(targets.map((t) => t.file));
  for (const file of readdirSync(dir)) {
    if (file.startsWith(".") || expected.has(file)) continue;
    rmSync(join(dir, file));
    removed++;
    console.log(`removed ${revision}/golden/${file}`);
  }
}
console.log(`bless: ${written} written, ${unchanged} unchanged, ${removed} removed (${total} goldens)`);
