/**
 * CommonJS scripts loaded through V8's code cache. Node 20 has no module compile cache (Node 22's
 * `module.enableCompileCache` covers only what Node's own loaders load), so the judging commands' bundle, and in it
 * each revision's compiled schema (a large generated script), is compiled with `vm.Script` and handed the bytecode
 * V8 made for it at build time, after a training run: the cache then holds every function a judging run compiles,
 * not only the top level, and V8 neither parses nor compiles them again.
 * A script with a cache names its build on its first line (`(stamp <16 hex digits>)`) and its cache file starts with
 * that stamp, since V8 itself compares only the source's length; V8 refuses a cache made by another V8 version or
 * with other flags, and the script then compiles as any script does.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname } from "node:path";
import { Script } from "node:vm";

/** What became of a script's code cache: used, refused by V8 (another version or flags), or not there. */
export type CodeCacheState = "accepted" | "rejected" | "absent";

export interface LoadedScript<T> {
  file: string;
  exports: T;
  cache: CodeCacheState;
  /** Writes the bytecode compiled so far as the script's code cache (the build does, after its training run). */
  writeCache(): void;
}

const STAMP = /^[^\n]*\(stamp ([0-9a-f]{16})\)/;

/** Every script loaded here, for the build's training run to write their caches. */
const loaded: LoadedScript<unknown>[] = [];

/**
 * Runs the CommonJS script `file` as Node would (`require`, `module`, `__dirname` are its own), from its cache. With
 * `cachedOnly`, a script whose cache is absent or refused throws before it runs, for the caller to run other code.
 */
export function loadScript<T>(file: string, cacheFile = `${file}.cache`, { cachedOnly = false } = {}): LoadedScript<T> {
  const source = readFileSync(file, "utf8");
  const stamp = Buffer.from(STAMP.exec(source)?.[1] ?? "", "latin1");
  let cachedData: Buffer | undefined;
  try {
    const cache = stamp.length > 0 ? readFileSync(cacheFile) : undefined;
    if (cache?.subarray(0, stamp.length).equals(stamp)) cachedData = cache.subarray(stamp.length);
  } catch {}
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache: CodeCacheState =
    cachedData === undefined ? "absent" : script.cachedDataRejected ? "rejected" : "accepted";
  if (cachedOnly && cache !== "accepted") throw new Error(`${basename(file)}'s code cache is ${cache}`);
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  const result: LoadedScript<T> = {
    file,
    exports: module.exports,
    cache,
    writeCache() {
      if (stamp.length === 0) return;
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, Buffer.concat([stamp, script.createCachedData()]));
      renameSync(temporary, cacheFile);
    },
  };
  loaded.push(result);
  return result;
}

/** Every script loaded here so far. */
export function loadedScripts(): readonly LoadedScript<unknown>[] {
  return loaded;
}

/** Writes the code cache of every script loaded so far (the build's training run). */
export function writeCodeCaches(): void {
  for (const script of loaded) script.writeCache();
}

/** With `MCP_CONF_TRACE_STARTUP=1`, says on stderr which path a command's start-up took and what its caches became. */
export function traceStartup(line: string): void {
  if (process.env.MCP_CONF_TRACE_STARTUP) process.stderr.write(`mcp-conf: start-up: ${line}\n`);
}
