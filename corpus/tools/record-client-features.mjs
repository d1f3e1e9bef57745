// Records real sessions of @modelcontextprotocol/server-everything driven by the official SDK client, exercising
// the client-side features (roots, sampling, elicitation in form and URL mode), progress, cancellation and tasks,
// and writes them as mcp-conf traces: `node corpus/tools/record-client-features.mjs stdio|http OUT.jsonl`.
// The wire is tapped inside the client (stdio: the transport's send/onmessage; HTTP: a fetch wrapper that records
// each HTTP request and response as `http` events before the messages they carry), so events are in the client's
// order of sending and receiving. Nothing machine-specific is written: no timestamps, no paths, no ports.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const sdk = join(root, "packages/recorder/node_modules/@modelcontextprotocol/sdk/dist/esm");
const everything = join(root, "packages/recorder/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const load = (p) => import(pathToFileURL(join(sdk, p)).href);
const { Client } = await load("client/index.js");
const { StdioClientTransport } = await load("client/stdio.js");
const { StreamableHTTPClientTransport } = await load("client/streamableHttp.js");
const types = await load("types.js");

const [mode = "stdio", out = "/dev/stdout"] = process.argv.slice(2);
const transportName = mode === "http" ? "streamable-http" : "stdio";
const events = [];
const push = (e) => events.push({ seq: events.length, ...e, transport: transportName });
const message = (direction, payload) => push({ direction, kind: "message", payload: structuredClone(payload) });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Wraps a transport so every message it sends or receives is recorded (stdio: both ways; HTTP: received only). */
class Tap {
  constructor(inner, recordSends) {
    this.inner = inner;
    this.recordSends = recordSends;
  }
  async start() {
    this.inner.onmessage = (m, extra) => {
      message("server-to-client", m);
      this.onmessage?.(m, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    return this.inner.start();
  }
  async send(m, options) {
    if (this.recordSends) message("client-to-server", m);
    return this.inner.send(m, options);
  }
  async close() {
    return this.inner.close();
  }
  get sessionId() {
    return this.inner.sessionId;
  }
  setProtocolVersion(v) {
    this.inner.setProtocolVersion?.(v);
  }
}

const KEEP = ["host", "origin", "accept", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id"];
function pick(headers) {
  const h = new Headers(headers ?? {});
  const out = {};
  for (const name of KEEP) if (h.has(name)) out[name] = h.get(name);
  return out;
}

/** A fetch that records the HTTP exchange around the messages the SDK transport sends and receives. */
function recordingFetch(hostHeader) {
  return async (url, init = {}) => {
    const u = new URL(url);
    const headers = { host: hostHeader, ...pick(init.headers) };
    push({ direction: "client-to-server", kind: "http", method: init.method ?? "GET", path: u.pathname, headers });
    if (typeof init.body === "string") message("client-to-server", JSON.parse(init.body));
    const response = await fetch(url, init);
    const responseHeaders = pick(response.headers);
    delete responseHeaders.host;
    const event = { direction: "server-to-client", kind: "http", status: response.status };
    if (Object.keys(responseHeaders).length > 0) event.headers = responseHeaders;
    push(event);
    return response;
  };
}

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

let server;
let transport;
if (mode === "http") {
  const port = await freePort();
  server = spawn(process.execPath, [everything, "streamableHttp"], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  await new Promise((resolve) => {
    server.stderr.on("data", (d) => /listening|running|port/i.test(String(d)) && resolve());
    setTimeout(resolve, 3000);
  });
  await sleep(300);
  transport = new Tap(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { fetch: recordingFetch("mcp.example.test") }),
    false,
  );
} else {
  transport = new Tap(new StdioClientTransport({ command: process.execPath, args: [everything, "stdio"], stderr: "ignore" }), true);
}

push({ direction: "client-to-server", kind: "lifecycle", event: "transport-open", meta: { label: `server-everything-${mode}` } });

let roots = [{ uri: "file:///home/user/projects/atlas", name: "Atlas" }];
const client = new Client(
  { name: "mcp-conf-corpus-client", version: "1.0.0" },
  { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } },
);
client.setRequestHandler(types.ListRootsRequestSchema, async () => ({ roots }));
client.setRequestHandler(types.CreateMessageRequestSchema, async (request) => ({
  role: "assistant",
  content: { type: "text", text: `A short answer to: ${JSON.stringify(request.params.messages.at(-1)?.content?.text ?? "")}` },
  model: "corpus-model-1",
  stopReason: "endTurn",
}));

/** A valid answer for each field of a requested schema. */
function answer(schema) {
  const content = {};
  for (const [name, f] of Object.entries(schema?.properties ?? {})) {
    if (f.type === "boolean") content[name] = true;
    else if (f.type === "integer") content[name] = f.default ?? f.minimum ?? 7;
    // The official JSON Schema types ElicitResult content values as string, integer or boolean.
    else if (f.type === "number") content[name] = Math.round(f.default ?? f.minimum ?? 2);
    else if (f.type === "array") {
      const items = f.items?.enum ?? (f.items?.anyOf ?? []).map((o) => o.const);
      content[name] = items.slice(0, Math.max(1, f.minItems ?? 1));
    } else if (Array.isArray(f.enum)) content[name] = f.default ?? f.enum[0];
    else if (Array.isArray(f.oneOf)) content[name] = f.default ?? f.oneOf[0].const;
    else if (f.format === "email") content[name] = "ada@example.com";
    else if (f.format === "uri") content[name] = "https://example.com/ada";
    else if (f.format === "date") content[name] = "1815-12-10";
    else if (f.format === "date-time") content[name] = "2026-01-01T10:00:00Z";
    else content[name] = f.default ?? "Ada Lovelace";
  }
  return content;
}
client.setRequestHandler(types.ElicitRequestSchema, async (request) =>
  request.params.mode === "url" ? { action: "accept" } : { action: "accept", content: answer(request.params.requestedSchema) },
);

const log = (...a) => console.error(...a);
await client.connect(transport);
await sleep(500);
const { tools } = await client.listTools();
log("tools:", tools.map((t) => `${t.name}${t.execution ? `(${t.execution.taskSupport})` : ""}`).join(" "));

// Progress: a long-running operation with a progress token.
await client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 1, steps: 3 } }, undefined, {
  onprogress: () => {},
});

// Cancellation: abort a long-running operation (without a progress token: server-everything keeps reporting
// progress for a cancelled operation, which CANC-005 would rightly warn about).
{
  const controller = new AbortController();
  const call = client
    .callTool({ name: "trigger-long-running-operation", arguments: { duration: 2, steps: 2 } }, undefined, {
      signal: controller.signal,
    })
    .catch(() => {});
  await sleep(400);
  controller.abort("the user stopped the operation");
  await call;
  await sleep(2500);
}

// Roots: the client's roots change; it announces the change and the server lists them again.
roots = [...roots, { uri: "file:///home/user/projects/beacon", name: "Beacon" }];
await client.sendRootsListChanged();
await sleep(500);
await client.callTool({ name: "get-roots-list", arguments: {} });

// Sampling and elicitation (form and URL mode), all answered by the client.
await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "Name the capital of France.", maxTokens: 60 } });
await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
await client.callTool({
  name: "trigger-url-elicitation",
  arguments: { url: "https://auth.example.com/connect?flow=demo", elicitationId: "elicit-7f3c2a" },
});

// Tasks, driven with the SDK's request primitives: its callToolStream forwards the `task` option into every
// tasks/get poll (SDK 1.32.2), which TASK-002 warns about, so the polling loop is written out here.
async function runTask(args) {
  const created = await client.request(
    { method: "tools/call", params: { name: "simulate-research-query", arguments: args, task: { ttl: 60000 } } },
    types.CreateTaskResultSchema,
  );
  const taskId = created.task.taskId;
  for (;;) {
    await sleep(900);
    const task = await client.experimental.tasks.getTask(taskId);
    if (task.status === "input_required" || ["completed", "failed", "cancelled"].includes(task.status)) break;
  }
  await client.experimental.tasks.getTaskResult(taskId, types.CallToolResultSchema);
  return taskId;
}
const plain = await runTask({ topic: "tidal energy", ambiguous: false });
await runTask({ topic: "jaguar speed", ambiguous: true });
await client.experimental.tasks.listTasks();
const finished = await client.experimental.tasks.getTask(plain);
log("finished task:", finished.status);
// Cancelling a task that already completed must be refused with -32602.
await client.experimental.tasks.cancelTask(plain).catch((e) => log("cancel of a completed task:", e.code));
// Cancel a running task.
{
  const created = await client.request(
    { method: "tools/call", params: { name: "simulate-research-query", arguments: { topic: "deep sea vents" }, task: { ttl: 60000 } } },
    types.CreateTaskResultSchema,
  );
  const running = created.task.taskId;
  await sleep(300);
  await client.experimental.tasks.getTask(running);
  await client.experimental.tasks.cancelTask(running);
  await client.experimental.tasks.getTask(running);
}

await client.close();
push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
if (server) {
  // SIGTERM ends server-everything by default action; SIGINT starts a graceful shutdown that can hang on open streams.
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}
writeFileSync(out, `${events.map((e) => JSON.stringify(e)).join("\n")}\n`);
log(`${events.length} events`);
process.exit(0);
