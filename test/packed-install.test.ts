/**
 * The published artifact works: every publishable package is packed (`pnpm pack`), the tarballs are installed with
 * plain npm into an empty directory outside the repository — each `@mcp-conf/*` dependency resolved to its tarball,
 * none to the registry, where none is published — and there, on the packed files only: `npx mcp-conf --version`,
 * `validate` on a corpus trace, `mcp-conf demo` (which installs its two peers on first use, and finds them there
 * after), `watch stdio` around server-everything driven by the official SDK client, and a script that imports
 * `validate` and `createRecorder`. One install serves every assertion (it is the slow part).
 * `pnpm publish -r --dry-run` shows the release would publish exactly those packages, publicly; it runs beside the
 * install (it mostly waits on npm and the registry).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "mcp-conf-packed-"));
const tarballs = join(work, "tarballs");
const app = join(work, "app");
/** Where `mcp-conf demo` installs its peers: `<state>/demo-peers`. */
const PEERS = join(work, "state", "demo-peers");
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  publishConfig?: { access?: string; provenance?: boolean };
}

/** The workspace's packages that are published (not `private`). */
const publishable: Manifest[] = readdirSync(join(REPO_ROOT, "packages"))
  .map((dir) => JSON.parse(readFileSync(join(REPO_ROOT, "packages", dir, "package.json"), "utf8")) as Manifest)
  .filter((manifest) => manifest.private !== true)
  .sort((a, b) => a.name.localeCompare(b.name));

/** The environment without what pnpm or npm set for the test run (`npm_config_*` would steer the install). */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|node_path$)/i.test(key)) env[key] = value;
  }
  return { ...env, FORCE_COLOR: "0", NO_UPDATE_NOTIFIER: "1", MCP_CONF_HOME: join(work, "state") };
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without blocking this process, so two slow ones can run side by side. */
function finished(command: string, args: string[], cwd: string, timeout: number): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"], timeout });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error) => (stderr += `${error.message}\n`));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function inApp(command: string, args: string[], timeout = 120_000) {
  const run = spawnSync(command, args, { cwd: app, env: cleanEnv(), encoding: "utf8", timeout });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const tarballName = (manifest: Manifest) =>
  `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;

let installSeconds = 0;
let publishDryRun: Promise<Finished>;

beforeAll(async () => {
  const filters = publishable.flatMap((manifest) => ["--filter", manifest.name]);
  execFileSync("pnpm", [...filters, "pack", "--pack-destination", tarballs], {
    cwd: REPO_ROOT,
    env: cleanEnv(),
    stdio: "pipe",
  });
  // Every @mcp-conf dependency, direct or transitive, is the tarball: overrides pin the transitive ones too.
  const deps = Object.fromEntries(publishable.map((m) => [m.name, `file:${join(tarballs, tarballName(m))}`]));
  execFileSync("mkdir", ["-p", app]);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "packed-app", private: true, type: "module", dependencies: deps, overrides: deps }),
  );
  publishDryRun = finished("pnpm", ["publish", "-r", "--dry-run", "--no-git-checks"], REPO_ROOT, 300_000);
  const started = process.hrtime.bigint();
  // Third-party packages from npm's cache where it has them: what is tested is where our packages come from.
  const install = await finished(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    app,
    600_000,
  );
  if (install.code !== 0) throw new Error(`npm install failed (${install.code}):\n${install.stderr}`);
  installSeconds = Number(process.hrtime.bigint() - started) / 1e9;
}, 900_000);

describe("the packed packages, installed with npm into an empty directory", () => {
  it("installs each @mcp-conf package from its tarball, once, with no workspace range left", () => {
    const lock = JSON.parse(readFileSync(join(app, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version?: string; resolved?: string }>;
    };
    const ours = Object.entries(lock.packages).filter(([path]) => /(^|\/)node_modules\/@mcp-conf\//.test(path));
    expect(ours.map(([path]) => path).sort()).toEqual(publishable.map((m) => `node_modules/${m.name}`).sort());
    for (const [path, entry] of ours) {
      expect(entry.resolved, path).toMatch(/^file:/);
      const installed = readFileSync(join(app, path, "package.json"), "utf8");
      expect(installed, path).not.toContain("workspace:");
    }
    console.info(`packed install: ${Object.keys(lock.packages).length - 1} packages in ${installSeconds.toFixed(1)} s`);
  });

  it("npx mcp-conf --version prints the CLI's version", () => {
    const cli = publishable.find((m) => m.name === "@mcp-conf/cli")!;
    const run = inApp("npx", ["--no", "--", "mcp-conf", "--version"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(cli.version);
  });

  it("validate judges a corpus trace as the repository's golden report says", () => {
    copyFileSync(
      join(REPO_ROOT, "corpus", "2025-11-25", "violations", "tool-006-name-charset.jsonl"),
      join(app, "t.jsonl"),
    );
    const run = inApp("npx", ["--no", "--", "mcp-conf", "validate", "--all", "t.jsonl"]);
    expect(run.code, run.stderr).toBe(0);
    const golden = readFileSync(join(REPO_ROOT, "corpus", "2025-11-25", "golden", "tool-006-name-charset.txt"), "utf8");
    const withoutTrace = (text: string) => text.replace(/^trace: .*\n/m, "");
    expect(withoutTrace(run.stdout)).toBe(withoutTrace(golden));
    expect(run.stdout).toMatch(/^verdict: pass-with-warnings$/m);
  });

  it("leaves the demo's peers out of the install: mcp-conf demo installs them once, on first use", () => {
    expect(existsSync(join(app, "node_modules", "@modelcontextprotocol", "server-everything"))).toBe(false);
    expect(existsSync(join(app, "node_modules", "@modelcontextprotocol", "sdk"))).toBe(false);
    const first = inApp("npx", ["--no", "--", "mcp-conf", "demo"], 300_000);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`mcp-conf demo: installing the demo's peers once, with npm, into ${PEERS}`);
    expect(first.stderr).toMatch(/^mcp-conf watch: FAIL BASE-005 \(MUST NOT\) seq /m);
    expect(first.stderr).toMatch(/^verdict: fail$/m);
    expect(first.stderr).toMatch(/^MCP trace validation — revision 2026-07-28$/m);
    // The next run finds them there: what the demo loads its peers with, from the packed install, installs nothing.
    writeFileSync(
      join(app, "peers.mjs"),
      `import { loadSamplePeers } from "@mcp-conf/sample-sessions";
const heard = [];
const peers = await loadSamplePeers({ narrate: (line) => heard.push(line) });
console.log(JSON.stringify({ source: peers.source, resolveFrom: peers.resolveFrom, heard }));
`,
    );
    const again = inApp(process.execPath, ["peers.mjs"]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ source: "state", resolveFrom: PEERS, heard: [] });
  }, 400_000);

  it("without npm to install the peers, demo says so in one line and exits 2", () => {
    const bin = join(app, "node_modules", "@mcp-conf", "cli", "dist", "bin.js");
    const run = spawnSync(process.execPath, [bin, "demo"], {
      cwd: app,
      env: { ...cleanEnv(), PATH: join(work, "no-such-dir"), MCP_CONF_HOME: join(work, "fresh-state") },
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(
      /^mcp-conf: demo: cannot install @modelcontextprotocol\/sdk@\S+ @modelcontextprotocol\/server-everything@\S+ (\S+ )*with npm: .*npm/,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it("watch stdio records and judges server-everything driven by the official SDK client", () => {
    // The peers the demo installed: the packed CLI is the only mcp-conf code in play.
    writeFileSync(
      join(app, "session.mjs"),
      `import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
const require = createRequire(join(process.argv[2], "package.json"));
const sdk = (path) => import(pathToFileURL(require.resolve(\`@modelcontextprotocol/sdk/\${path}\`)).href);
const { Client } = await sdk("client/index.js");
const { StdioClientTransport } = await sdk("client/stdio.js");
const server = join(dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");
const transport = new StdioClientTransport({
  command: "npx",
  args: ["--no", "--", "mcp-conf", "watch", "stdio", "-o", "watched.jsonl", "--", process.execPath, server, "stdio"],
  env: { ...process.env, MCP_CONF_TRACE_STARTUP: "1" },
  stderr: "pipe",
});
let stderr = "";
transport.stderr.on("data", (chunk) => { stderr += chunk; });
const client = new Client({ name: "packed-client", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const echoed = await client.callTool({ name: "echo", arguments: { message: "from the packed install" } });
await client.close();
await new Promise((resolve) => setTimeout(resolve, 200));
console.log(JSON.stringify({ tools: tools.length, echo: echoed.content[0].text, stderr }));
`,
    );
    const run = inApp(process.execPath, ["session.mjs", PEERS]);
    expect(run.code, run.stderr).toBe(0);
    const session = JSON.parse(run.stdout) as { tools: number; echo: string; stderr: string };
    expect(session.tools).toBeGreaterThan(0);
    expect(session.echo).toMatch(/from the packed install/);
    expect(session.stderr).toMatch(/^mcp-conf watch: session \S+ recording to .*watched\.jsonl$/m);
    // The judge runs from the CLI's tap bundle and its code cache: the packages are side by side in an npm install.
    expect(session.stderr).toMatch(
      /^mcp-conf: start-up: live judge from the tap bundle, code caches: judge-tap\.cjs accepted/m,
    );
    const validated = inApp("npx", ["--no", "--", "mcp-conf", "validate", "watched.jsonl"]);
    expect(validated.code, validated.stdout).toBe(0);
    expect(validated.stdout).toMatch(/^verdict: pass/m);
  }, 120_000);

  it("a script imports validate and createRecorder: what the recorder writes, the validator judges", () => {
    writeFileSync(
      join(app, "library.mjs"),
      `import { readFileSync } from "node:fs";
import { createRecorder, fileSink } from "@mcp-conf/recorder";
import { validate, validateFile } from "@mcp-conf/validator";
const recorder = createRecorder({ sink: fileSink("library.jsonl"), transport: "stdio", label: "packed" });
const send = (direction, message) => recorder.message(direction, Buffer.from(JSON.stringify(message)));
const info = { name: "packed", version: "1.0.0" };
send("client-to-server", { jsonrpc: "2.0", id: 0, method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: info } });
send("server-to-client", { jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: info } });
send("client-to-server", { jsonrpc: "2.0", method: "notifications/initialized" });
send("client-to-server", { jsonrpc: "2.0", id: 1, method: "ping" });
send("server-to-client", { jsonrpc: "2.0", id: 1, result: {} });
await recorder.close();
const events = readFileSync("library.jsonl", "utf8").trim().split("\\n").map((line) => JSON.parse(line));
const report = validate(events);
const fromFile = await validateFile("library.jsonl");
console.log(JSON.stringify({ events: events.length, verdict: report.verdict, revision: report.revision, same: fromFile.verdict === report.verdict }));
`,
    );
    const run = inApp(process.execPath, ["library.mjs"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ events: 7, verdict: "pass", revision: "2025-11-25", same: true });
  });
});

describe("the release", () => {
  it("every publishable package publishes publicly with provenance; the test support package is never published", () => {
    for (const manifest of publishable) {
      expect(manifest.publishConfig, manifest.name).toEqual({ access: "public", provenance: true });
    }
    const testing = JSON.parse(readFileSync(join(REPO_ROOT, "packages", "testing", "package.json"), "utf8"));
    expect(testing.private).toBe(true);
    const config = JSON.parse(readFileSync(join(REPO_ROOT, ".changeset", "config.json"), "utf8"));
    expect(config.access).toBe("public");
  });

  it("docs/release.md names the scripts the repository has and the dry run this test makes", () => {
    const page = readFileSync(join(REPO_ROOT, "docs", "release.md"), "utf8");
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    expect(scripts["version-packages"]).toMatch(/^changeset version\b/);
    expect(scripts.release).toMatch(/\bchangeset publish$/);
    expect(page).toContain("pnpm version-packages");
    expect(page).toContain("pnpm release");
    expect(page).toContain("pnpm publish -r --dry-run --no-git-checks");
    for (const manifest of publishable) expect(page).toContain(`\`${manifest.name}\``);
  });

  it("pnpm publish -r --dry-run would publish exactly the packed packages", async () => {
    const run = await publishDryRun;
    expect(run.code, run.stderr).toBe(0);
    const published = [...`${run.stdout}\n${run.stderr}`.matchAll(/^\+ (@mcp-conf\/[a-z-]+)@(\S+)$/gm)]
      .map((m) => `${m[1]}@${m[2]}`)
      .sort();
    expect(published).toEqual(publishable.map((m) => `${m.name}@${m.version}`));
    expect(`${run.stdout}\n${run.stderr}`).toMatch(/with tag latest and public access \(dry-run\)/);
  }, 300_000);
});
