// Records two good 2026-07-28 sessions of the corpus from our own modern peer (packages/testing/src/modern-peer: a
// client tour and a server, both written from the specification, exercising routing headers, Base64 `Mcp-Param-*`
// values and cancellation by closing a response stream) through the real recorder, `mcp-conf record stdio` and `mcp-conf record http`. Timestamps, paths and ports are then
// rewritten to fixed values, so the committed traces are the same wherever they were recorded.
//
//   pnpm build && npx tsx corpus/tools/record-2026.ts  → corpus/2026-07-28/good/modern-peer-{stdio,http}.jsonl
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  modernHttpTransport,
  modernStdioTransport,
  runModernTour,
  startModernHttpServer,
} from "../../packages/testing/src/index.js";
import { exited, freePort, sanitize, waitForPort } from "./record-support.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const peer = join(root, "packages", "testing", "src", "modern-peer", "main.ts");
const outDir = join(root, "corpus", "2026-07-28", "good");

async function recordStdio(dir: string): Promise<string> {
  const trace = join(dir, "stdio.jsonl");
  const child = spawn(
    process.execPath,
    [bin, "record", "stdio", "-o", trace, "--label", "modern-peer", "--", process.execPath, "--import", "tsx", peer, "--stdio"],
    { stdio: ["pipe", "pipe", "inherit"], cwd: root },
  );
  const transport = modernStdioTransport(child);
  await runModernTour(transport);
  await new Promise((r) => setTimeout(r, 300));
  await transport.close();
  return trace;
}

async function recordHttp(dir: string): Promise<{ trace: string; serverPort: number; proxyPort: number }> {
  const serverPort = await freePort();
  const proxyPort = await freePort();
  const server = await startModernHttpServer(serverPort);
  try {
    const recorder = spawn(
      process.execPath,
      [bin, "record", "http", "--upstream", server.url, "--listen", `127.0.0.1:${proxyPort}`, "-o", join(dir, "http-{session}.jsonl")],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    await waitForPort(proxyPort);
    const transport = modernHttpTransport(`http://127.0.0.1:${proxyPort}/`);
    await runModernTour(transport);
    await transport.close();
    await new Promise((r) => setTimeout(r, 300));
    recorder.kill("SIGINT");
    await exited(recorder);
    const files = readdirSync(dir).filter((f) => f.startsWith("http-") && f.endsWith(".jsonl"));
    if (files.length !== 1) throw new Error(`expected one HTTP session file, got ${files.join(", ")}`);
    return { trace: join(dir, files[0]!), serverPort, proxyPort };
  } finally {
    await server.close();
  }
}

const COMMAND = ["node", "--import", "tsx", "packages/testing/src/modern-peer/main.ts", "--stdio"];

const work = mkdtempSync(join(tmpdir(), "mcp-conf-modern-"));
mkdirSync(outDir, { recursive: true });
const stdio = await recordStdio(work);
writeFileSync(join(outDir, "modern-peer-stdio.jsonl"), sanitize(readFileSync(stdio, "utf8"), { command: COMMAND, label: "modern-peer" }));
const http = await recordHttp(work);
writeFileSync(join(outDir, "modern-peer-http.jsonl"), sanitize(readFileSync(http.trace, "utf8"), { command: COMMAND, label: "modern-peer", ports: http }));
console.log(`recorded ${join(outDir, "modern-peer-stdio.jsonl")} and modern-peer-http.jsonl`);
