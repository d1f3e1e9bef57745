/**
 * A CommonJS bundle loaded through V8's code cache. Node 20 has no module compile cache (Node 22's
 * `module.enableCompileCache` covers only what Node's own loaders load), so the judging commands' bundle is compiled
 * with `vm.Script` and handed the bytecode V8 made for it at build time, after a training run: the cache then holds
 * every function a judging run compiles, not only the top level, and V8 neither parses nor compiles them again.
 * The bundle's first line names its build (`// build-id: …`, random per build) and the cache file starts with the id
 * it was made for, since V8 itself compares only the source's length; V8 refuses a cache made by another V8 version
 * or with other flags, and the bundle then compiles as any script does.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";

/** What became of the bundle's code cache: used, refused by V8 (another version or flags), or not there. */
export type CodeCacheState = "accepted" | "rejected" | "absent";

export interface LoadedBundle<T> {
  exports: T;
  cache: CodeCacheState;
  /** Writes the bytecode compiled so far as the bundle's code cache (the build does, after its training run). */
  writeCache(): void;
}

/** The first line of a bundle that has a code cache: its build's id. */
const BUILD_ID = /^\/\/ build-id: ([0-9a-f]{16})\n/;

/** Runs the CommonJS bundle `file` as Node would (`require`, `module`, `__dirname` are its own), from its cache. */
export function loadBundle<T>(file: string): LoadedBundle<T> {
  const source = readFileSync(file, "utf8");
  const id = Buffer.from(BUILD_ID.exec(source)?.[1] ?? "", "latin1");
  const cacheFile = `${file}.cache`;
  let cachedData: Buffer | undefined;
  try {
    const cache = id.length > 0 ? readFileSync(cacheFile) : undefined;
    if (cache?.subarray(0, id.length).equals(id)) cachedData = cache.subarray(id.length);
  } catch {}
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  return {
    exports: module.exports,
    cache: cachedData === undefined ? "absent" : script.cachedDataRejected ? "rejected" : "accepted",
    writeCache() {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      if (id.length === 0) throw new Error(`${file} has no build id for its code cache`);
      writeFileSync(temporary, Buffer.concat([id, script.createCachedData()]));
      renameSync(temporary, cacheFile);
    },
  };
}
