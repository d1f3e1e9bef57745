// Records real sessions for the corpus: the official SDK client (@modelcontextprotocol/sdk) drives
// @modelcontextprotocol/server-everything through `mcp-conf record`, over stdio and over streamable HTTP, through
// and, at 2024-11-05, over the HTTP+SSE transport of that revision (server-everything's `sse` mode, the SDK's
// SSEClientTransport, `mcp-conf record http --upstream …/sse`), through a scripted tour of the protocol (tools with progress, sampling, elicitation and roots round trips, resources,
// prompts, completion, logging, ping). What is machine-specific (timestamps, paths, ports) is then rewritten to
// fixed values, so the committed traces are the same wherever they were recorded, but for ids the peers draw.
//
//   pnpm build && node corpus/tools/record-everything.mjs [REVISION [TRANSPORTS]]
//     → corpus/<REVISION>/real/everything-{stdio,http,sse}.jsonl
//
// TRANSPORTS (default all the revision has) is a comma-separated subset of stdio, http, sse.
//
// REVISION (default 2025-11-25, the SDK's latest) may be any revision the SDK accepts: the SDK client always asks
// for its latest, so for an older one the client's transport rewrites the `protocolVersion` of the initialize
// request it sends (the one byte-level change, made before the recorder sees anything); server-everything answers
// with the version asked for and the SDK carries on at it. The tour leaves out what the revision does not have.
//
// The peers are the recorder package's devDependencies; nothing here is a dependency of its own.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { exited, freePort, sanitize, waitForPort } from "./record-support.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const LATEST = "2025-11-25";
const REVISION = process.argv[2] ?? LATEST;
if (!["2024-11-05", "2025-03-26", "2025-06-18", LATEST].includes(REVISION)) throw new Error(`no such revision ${REVISION}`);
/** Whether the session's revision has a feature that arrived at `since`. */
const has = (since) => REVISION >= since;
const TRANSPORTS = (process.argv[3] ?? (REVISION === "2024-11-05" ? "stdio,http,sse" : "stdio,http")).split(",");
const outDir = join(root, "corpus", REVISION, "real");
const fromRecorder = createRequire(join(root, "packages", "recorder", "package.json"));
const everything = join(dirname(fromRecorder.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");
const sdk = async (path) =>
  import(pathToFileURL(fromRecorder.resolve(`@modelcontextprotocol/sdk/${path}`).replace(`${"/dist/cjs/"}`, "/dist/esm/")).href);

const { Client } = await sdk("client/index.js");
const { StdioClientTransport } = await sdk("client/stdio.js");
const { StreamableHTTPClientTransport } = await sdk("client/streamableHttp.js");
const { SSEClientTransport } = await sdk("client/sse.js");
const { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } = await sdk("types.js");

/** Asks for REVISION instead of the SDK's latest: rewrites the initialize request on its way out of the client. */
function askingFor(transport) {
  if (REVISION === LATEST) return transport;
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(message.method === "initialize" ? { ...message, params: { ...message.params, protocolVersion: REVISION } } : message, options);
  return transport;
}

function newClient() {
  const client = new Client(
    { name: "mcp-conf-corpus-client", version: "1.0.0" },
    {
      capabilities: {
        sampling: {},
        roots: { listChanged: true },
        ...(has("2025-11-25") ? { elicitation: { form: {} } } : has("2025-06-18") ? { elicitation: {} } : {}),
      },
    },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: "assistant",
    content: { type: "text", text: "A canned answer from the corpus client." },
    model: "corpus-model",
    stopReason: "endTurn",
  }));
  if (has("2025-06-18")) client.setRequestHandler(ElicitRequestSchema, async () => ({
    action: "accept",
    // Whole numbers only: schema.json types form values as string | integer | boolean | string[] (schema.ts says number).
    content: { name: "Ada", check: true, email: "ada@example.com", integer: 42, number: 7, untitledSingleSelectEnum: "Monica" },
  }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: "file:///workspace/project", name: "project" }],
  }));
  return client;
}

/** The scripted tour; every step is one a real host would take. */
async function tour(client) {
  await client.listTools();
  await client.callTool({ name: "echo", arguments: { message: "hello from the corpus" } });
  await client.callTool({ name: "get-sum", arguments: { a: 2, b: 40 } });
  await client.callTool({ name: "get-tiny-image", arguments: {} });
  if (has("2025-06-18")) await client.callTool({ name: "get-structured-content", arguments: { location: "New York" } });
  await client.callTool({ name: "get-annotated-message", arguments: { messageType: "success", includeImage: false } });
  await client.callTool(
    { name: "trigger-long-running-operation", arguments: { duration: 1, steps: 3 } },
    undefined,
    { onprogress: () => {} },
  );
  await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "Say hello", maxTokens: 50 } });
  if (has("2025-06-18")) await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
  await client.callTool({ name: "get-roots-list", arguments: {} });
  await client.callTool({ name: "no-such-tool", arguments: {} }).catch(() => {});
  await client.listResources();
  await client.listResourceTemplates();
  await client.readResource({ uri: "demo://resource/dynamic/text/1" });
  await client.listPrompts();
  await client.getPrompt({ name: "simple-prompt" });
  await client.getPrompt({ name: "args-prompt", arguments: { city: "Paris" } });
  await client.complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } });
  await client.setLoggingLevel("info");
  await client.ping();
}

async function recordStdio(dir) {
  const trace = join(dir, "stdio.jsonl");
  const transport = askingFor(new StdioClientTransport({
    command: process.execPath,
    args: [bin, "record", "stdio", "-o", trace, "--label", "everything", "--", process.execPath, everything, "stdio"],
    stderr: "pipe",
  }));
  const client = newClient();
  await client.connect(transport);
  await tour(client);
  await client.close();
  await new Promise((r) => setTimeout(r, 300));
  return trace;
}

/** Over streamable HTTP (`mode` "streamableHttp", endpoint /mcp) or 2024-11-05's HTTP+SSE (`mode` "sse", stream /sse). */
async function recordHttp(dir, mode = "streamableHttp") {
  const serverPort = await freePort();
  const proxyPort = await freePort();
  const prefix = mode === "sse" ? "sse-" : "http-";
  const server = spawn(process.execPath, [everything, mode], {
    env: { ...process.env, PORT: String(serverPort) },
    stdio: "ignore",
  });
  try {
    await waitForPort(serverPort);
    const recorder = spawn(
      process.execPath,
      [bin, "record", "http", "--upstream", `http://127.0.0.1:${serverPort}/${mode === "sse" ? "sse" : "mcp"}`, "--listen", `127.0.0.1:${proxyPort}`, "-o", join(dir, `${prefix}{session}.jsonl`)],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    await waitForPort(proxyPort);
    const url = new URL(`http://127.0.0.1:${proxyPort}/`);
    const transport = askingFor(mode === "sse" ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url));
    const client = newClient();
    await client.connect(transport);
    await tour(client);
    if (mode !== "sse") await transport.terminateSession();
    await client.close();
    await new Promise((r) => setTimeout(r, 300));
    recorder.kill("SIGINT");
    await exited(recorder);
    const files = readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith(".jsonl"));
    if (files.length !== 1) throw new Error(`expected one ${mode} session file, got ${files.join(", ")}`);
    return { trace: join(dir, files[0]), serverPort, proxyPort };
  } finally {
    server.kill("SIGINT");
    await exited(server);
  }
}

const COMMAND = ["node", "node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"];

const work = mkdtempSync(join(tmpdir(), "mcp-conf-everything-"));
mkdirSync(outDir, { recursive: true });
const written = [];
if (TRANSPORTS.includes("stdio")) {
  const stdio = await recordStdio(work);
  writeFileSync(join(outDir, "everything-stdio.jsonl"), sanitize(readFileSync(stdio, "utf8"), { command: COMMAND, label: "everything" }));
  written.push("everything-stdio.jsonl");
}
for (const [name, mode] of [["http", "streamableHttp"], ["sse", "sse"]]) {
  if (!TRANSPORTS.includes(name)) continue;
  const http = await recordHttp(work, mode);
  writeFileSync(join(outDir, `everything-${name}.jsonl`), sanitize(readFileSync(http.trace, "utf8"), { command: COMMAND, label: "everything", ports: http }));
  written.push(`everything-${name}.jsonl`);
}
console.log(`recorded ${written.join(", ")} in ${outDir}`);
