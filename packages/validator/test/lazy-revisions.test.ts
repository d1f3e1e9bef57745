import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"];

/** The compiled schema and registry files a fresh process has loaded after validating a short session of `revision`. */
function revisionFilesLoadedFor(revision: string): string[] {
  const script = `
    import { createRequire } from "node:module";
    import { validate } from ${JSON.stringify(pathToFileURL(dist).href)};
    const info = { name: "t", version: "1" };
    const c2s = { direction: "client-to-server", transport: "stdio", kind: "message" };
    const s2c = { direction: "server-to-client", transport: "stdio", kind: "message" };
    const v = ${JSON.stringify(revision)};
    validate([
      { seq: 0, ...c2s, payload: { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: info } } },
      { seq: 1, ...s2c, payload: { jsonrpc: "2.0", id: 0, result: { protocolVersion: v, capabilities: {}, serverInfo: info } } },
      { seq: 2, ...c2s, payload: { jsonrpc: "2.0", method: "notifications/initialized" } },
    ], { revision: v });
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(loaded.map((f) => f.split(/[\\\\/]/).pop()).filter((f) => /^(schema|registry)-/.test(f)).sort()));
  `;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

// The built package (CI builds before testing): what matters is that the bundle leaves the schemas and registries out.
describe("compiled schemas and registries are loaded per revision", () => {
  it.each(REVISIONS)("judging %s loads that revision's registry and compiled schema and no other", (revision) => {
    expect(revisionFilesLoadedFor(revision)).toEqual([`registry-${revision}.json`, `schema-${revision}.cjs`]);
  });
});
