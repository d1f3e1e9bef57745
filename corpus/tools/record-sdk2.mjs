// Records the real 2026-07-28 sessions of the corpus from the official TypeScript SDK v2: its client
// (peers/node/sdk2-client.mjs, pinned to 2026-07-28 and in `auto` mode) against its server (peers/node/sdk2-server.mjs)
// through the built CLI's `mcp-conf record`, over stdio and streamable HTTP. Over stdio the client first probes
// server/discover on a separate short-lived process started with the same command, so each stdio run leaves two
// traces: `…-probe.jsonl` and the session itself. Timestamps, paths and ports are rewritten to fixed values.
//
//   pnpm build && node corpus/tools/record-sdk2.mjs  → corpus/2026-07-28/real/sdk2-{pin,auto}-{stdio,stdio-probe,http}.jsonl
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { exited, freePort, sanitize, waitForPort } from "./record-support.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const client = join(root, "peers", "node", "sdk2-client.mjs");
const server = join(root, "peers", "node", "sdk2-server.mjs");
const outDir = join(root, "corpus", "2026-07-28", "real");
const CALL = JSON.stringify({ name: "echo", arguments: { message: "hello" } });
const COMMAND = ["node", "peers/node/sdk2-server.mjs", "stdio"];
const LABEL = "sdk2-server";

function runClient(args) {
  const child = spawn(process.execPath, [client, ...args], { stdio: ["ignore", "inherit", "inherit"], cwd: root });
  return exited(child).then((code) => {
    if (code !== 0) throw new Error(`sdk2-client ${args.join(" ")} exited ${code}`);
  });
}

async function recordStdio(mode, dir) {
  const wrapped = [process.execPath, bin, "record", "stdio", "--label", LABEL, "-o", join(dir, "trace.jsonl"), "--", process.execPath, server, "stdio"];
  await runClient(["--mode", mode, "--call", CALL, "--stdio", ...wrapped]);
  const files = readdirSync(dir).sort();
  if (files.join() !== "trace-2.jsonl,trace.jsonl") throw new Error(`expected a probe and a session, got ${files.join(", ")}`);
  return { probe: join(dir, "trace.jsonl"), session: join(dir, "trace-2.jsonl") };
}

async function recordHttp(mode, dir) {
  const serverPort = await freePort();
  const proxyPort = await freePort();
  const upstream = spawn(process.execPath, [server, "http", String(serverPort)], { stdio: "ignore" });
  try {
    await waitForPort(serverPort);
    const recorder = spawn(
      process.execPath,
      [bin, "record", "http", "--upstream", `http://127.0.0.1:${serverPort}/mcp`, "--listen", `127.0.0.1:${proxyPort}`, "-o", join(dir, "{session}.jsonl")],
      { stdio: "ignore" },
    );
    await waitForPort(proxyPort);
    await runClient(["--mode", mode, "--call", CALL, "--http", `http://127.0.0.1:${proxyPort}/`]);
    recorder.kill("SIGINT");
    await exited(recorder);
    const files = readdirSync(dir);
    if (files.length !== 1) throw new Error(`expected one HTTP session file, got ${files.join(", ")}`);
    return { trace: join(dir, files[0]), ports: { serverPort, proxyPort } };
  } finally {
    upstream.kill("SIGTERM");
    await exited(upstream);
  }
}

const work = mkdtempSync(join(tmpdir(), "mcp-conf-sdk2-"));
mkdirSync(outDir, { recursive: true });
const write = (name, path, extra = {}) =>
  writeFileSync(join(outDir, name), sanitize(readFileSync(path, "utf8"), { command: COMMAND, label: LABEL, ...extra }));
for (const mode of ["pin", "auto"]) {
  const stdioDir = join(work, `${mode}-stdio`);
  mkdirSync(stdioDir);
  const stdio = await recordStdio(mode, stdioDir);
  write(`sdk2-${mode}-stdio-probe.jsonl`, stdio.probe);
  write(`sdk2-${mode}-stdio.jsonl`, stdio.session);
  const httpDir = join(work, `${mode}-http`);
  mkdirSync(httpDir);
  const http = await recordHttp(mode, httpDir);
  write(`sdk2-${mode}-http.jsonl`, http.trace, { ports: http.ports });
}
rmSync(work, { recursive: true, force: true });
console.log(`recorded the SDK v2 sessions into ${outDir}`);
