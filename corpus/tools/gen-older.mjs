// Writes the hand-written corpus traces of the revisions before 2025-11-25 (corpus/<revision>/good and
// violations): clean sessions at each revision, and one violation trace for each check or clause that only those
// revisions have or that judges differently there — JSON-RPC batching (2025-03-26 only), the MCP-Protocol-Version
// header and structured tool output (from 2025-06-18). Deterministic: `node corpus/tools/gen-older.mjs`, commit
// what changed. The real sessions beside them come from record-everything.mjs.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { C2S, S2C, Session } from "./trace-session.mjs";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "..");
const SESSION_ID = "7c0e4b1a-2d3f-4e5a-9b6c-1d2e3f4a5b6c";
const TOOL = {
  name: "get-weather",
  description: "Current weather for a city",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const WEATHER_SCHEMA = {
  type: "object",
  properties: { temperature: { type: "number" }, conditions: { type: "string" } },
  required: ["temperature", "conditions"],
};
const text = (t) => ({ type: "text", text: t });

/** A stdio session at `version` through a tour of tools, resources, prompts, logging and ping. */
function stdioTour(version, extra = () => {}) {
  const s = new Session({
    version,
    client: { roots: { listChanged: true }, sampling: {} },
    server: { tools: { listChanged: true }, resources: {}, prompts: {}, logging: {} },
  });
  s.call("tools/list", undefined, { tools: [TOOL] });
  s.call("tools/call", { name: "get-weather", arguments: { city: "Paris" } }, { content: [text("Sunny, 22°C")] });
  s.call("resources/list", undefined, { resources: [{ uri: "file:///notes/today.md", name: "today.md", mimeType: "text/markdown" }] });
  s.call("resources/read", { uri: "file:///notes/today.md" }, { contents: [{ uri: "file:///notes/today.md", mimeType: "text/markdown", text: "# Today" }] });
  s.call("prompts/list", undefined, { prompts: [{ name: "summarise", arguments: [{ name: "topic", required: true }] }] });
  s.call("prompts/get", { name: "summarise", arguments: { topic: "MCP" } }, { messages: [{ role: "user", content: text("Summarise MCP") }] });
  s.call("logging/setLevel", { level: "info" }, {});
  s.notify(S2C, "notifications/message", { level: "info", data: "weather fetched" });
  s.ask("roots/list", undefined, { roots: [{ uri: "file:///workspace", name: "workspace" }] });
  extra(s);
  s.call("ping", undefined, {});
  return s;
}

/** A streamable-HTTP session at `version`: each message in a POST of its own, answers as JSON. */
function httpSession(version, { protocolHeader = true, server = { tools: {} } } = {}) {
  const s = new Session({ version, transport: "streamable-http", handshake: false });
  s.http(C2S, { method: "POST", path: "/mcp", headers: { accept: "application/json, text/event-stream", "content-type": "application/json" } });
  s.request(C2S, "initialize", { protocolVersion: version, capabilities: {}, clientInfo: { name: "corpus-client", version: "1.0.0" } }, 0);
  s.http(S2C, { status: 200, headers: { "content-type": "application/json", "mcp-session-id": SESSION_ID } });
  s.result(S2C, 0, { protocolVersion: version, capabilities: server, serverInfo: { name: "corpus-server", version: "1.0.0" } });
  s.headers = (extra = {}) => ({
    accept: "application/json, text/event-stream",
    "content-type": "application/json",
    "mcp-session-id": SESSION_ID,
    ...(protocolHeader ? { "mcp-protocol-version": version } : {}),
    ...extra,
  });
  s.post = (payload, answer) => {
    s.http(C2S, { method: "POST", path: "/mcp", headers: s.headers() });
    s.message(C2S, payload);
    if (answer === undefined) return s.http(S2C, { status: 202 });
    s.http(S2C, { status: 200, headers: { "content-type": "application/json" } });
    return s.message(S2C, answer);
  };
  s.post({ jsonrpc: "2.0", method: "notifications/initialized" });
  return s;
}

const rpc = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const ok = (id, result) => ({ jsonrpc: "2.0", id, result });

const traces = {};
const put = (revision, kind, name, session) => {
  traces[`${revision}/${kind}/${name}.jsonl`] = session.end();
};

// ---- 2024-11-05: no batching, no header, no structured output ----
put("2024-11-05", "good", "base-stdio-session", stdioTour("2024-11-05"));
{
  const s = httpSession("2024-11-05", { protocolHeader: false });
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  s.post(rpc(2, "ping"), ok(2, {}));
  put("2024-11-05", "good", "base-http-session", s);
}
/**
 * An HTTP+SSE session at 2024-11-05: a GET opens the event stream, whose first event names the endpoint (recorded on
 * the stream's response as `endpoint`); each client message is POSTed there (202), answers come on the stream.
 */
function sseSession({ endpoint = "/message", postPath = "/message" } = {}) {
  const s = new Session({ version: "2024-11-05", transport: "sse", handshake: false });
  s.http(C2S, { method: "GET", path: "/sse", headers: { accept: "text/event-stream" } });
  s.http(S2C, { status: 200, headers: { "content-type": "text/event-stream" }, ...(endpoint ? { endpoint } : {}) });
  let path = "/message";
  s.post = (payload, answer) => {
    s.http(C2S, { method: "POST", path, headers: { "content-type": "application/json" } });
    s.message(C2S, payload);
    s.http(S2C, { status: 202, headers: { "content-type": "text/plain; charset=utf-8" } });
    if (answer !== undefined) s.message(S2C, answer);
  };
  s.post(rpc(0, "initialize", { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "corpus-client", version: "1.0.0" } }),
    ok(0, { protocolVersion: "2024-11-05", capabilities: { tools: {} }, serverInfo: { name: "corpus-server", version: "1.0.0" } }));
  s.post({ jsonrpc: "2.0", method: "notifications/initialized" });
  path = postPath;
  return s;
}
{
  const s = sseSession();
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  s.post(rpc(2, "ping"), ok(2, {}));
  put("2024-11-05", "good", "base-sse-session", s);
}
{
  const s = sseSession({ endpoint: null });
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  put("2024-11-05", "violations", "tran-055-no-endpoint-event", s);
}
{
  const s = sseSession({ postPath: "/sse" });
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  put("2024-11-05", "violations", "tran-056-post-elsewhere", s);
}
/** The server answers two single requests with one batch: no MCP message before or after 2025-03-26. */
const serverBatch = (s) => {
  s.message(C2S, rpc(20, "tools/list"));
  s.message(C2S, rpc(21, "ping"));
  s.message(S2C, [ok(20, { tools: [TOOL] }), ok(21, {})]);
};
put("2024-11-05", "violations", "tran-005-stdio-batch", stdioTour("2024-11-05", serverBatch));

// ---- 2025-03-26: JSON-RPC batching ----
const batchTour = (s) => {
  s.message(C2S, [rpc(20, "tools/list"), rpc(21, "ping"), { jsonrpc: "2.0", method: "notifications/roots/list_changed" }]);
  s.message(S2C, [ok(20, { tools: [TOOL] }), ok(21, {})]);
};
put("2025-03-26", "good", "base-stdio-session", stdioTour("2025-03-26"));
put("2025-03-26", "good", "base-stdio-batches", stdioTour("2025-03-26", batchTour));
{
  const s = httpSession("2025-03-26", { protocolHeader: false });
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  s.post([rpc(2, "ping"), rpc(3, "tools/call", { name: "get-weather", arguments: { city: "Oslo" } })], [ok(2, {}), ok(3, { content: [text("Snow, -3°C")] })]);
  put("2025-03-26", "good", "base-http-batches", s);
}
put("2025-03-26", "violations", "base-036-batch-refused", stdioTour("2025-03-26", (s) => {
  s.message(C2S, [rpc(20, "tools/list"), rpc(21, "prompts/list")]);
  s.message(S2C, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Batches are not supported" } });
}));
{
  const s = new Session({ version: "2025-03-26", handshake: false });
  s.message(C2S, [rpc(0, "initialize", { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "corpus-client", version: "1.0.0" } })]);
  s.message(S2C, [ok(0, { protocolVersion: "2025-03-26", capabilities: { tools: {} }, serverInfo: { name: "corpus-server", version: "1.0.0" } })]);
  s.notify(C2S, "notifications/initialized");
  s.call("tools/list", undefined, { tools: [TOOL] });
  put("2025-03-26", "violations", "life-023-initialize-in-batch", s);
}
{
  const s = httpSession("2025-03-26", { protocolHeader: false });
  s.http(C2S, { method: "POST", path: "/mcp", headers: s.headers() });
  s.message(C2S, rpc(1, "tools/list"));
  s.http(S2C, { status: 200, headers: { "content-type": "text/event-stream" } });
  s.message(S2C, rpc(0, "ping"));
  s.message(S2C, ok(1, { tools: [TOOL] }));
  s.http(C2S, { method: "POST", path: "/mcp", headers: s.headers() });
  s.message(C2S, [rpc(2, "ping"), ok(0, {})]);
  s.http(S2C, { status: 200, headers: { "content-type": "application/json" } });
  s.message(S2C, [ok(2, {})]);
  put("2025-03-26", "violations", "tran-015-mixed-batch", s);
}

// ---- 2025-06-18: batching removed; the protocol-version header and structured output arrive ----
const structured = (s) => {
  s.call("tools/call", { name: "get-weather-structured", arguments: { city: "Rome" } }, {
    content: [text('{"temperature":25,"conditions":"Clear"}')],
    structuredContent: { temperature: 25, conditions: "Clear" },
  });
};
{
  const s = new Session({ version: "2025-06-18", server: { tools: {} } });
  s.call("tools/list", undefined, { tools: [TOOL, { ...TOOL, name: "get-weather-structured", outputSchema: WEATHER_SCHEMA }] });
  structured(s);
  s.call("ping", undefined, {});
  put("2025-06-18", "good", "tool-stdio-structured", s);
}
put("2025-06-18", "good", "base-stdio-session", stdioTour("2025-06-18"));
{
  const s = httpSession("2025-06-18");
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  s.post(rpc(2, "ping"), ok(2, {}));
  put("2025-06-18", "good", "base-http-session", s);
}
put("2025-06-18", "violations", "tran-005-stdio-batch", stdioTour("2025-06-18", serverBatch));
{
  const s = httpSession("2025-06-18", { protocolHeader: false });
  s.post(rpc(1, "tools/list"), ok(1, { tools: [TOOL] }));
  put("2025-06-18", "violations", "life-013-no-protocol-version-header", s);
}
{
  const s = new Session({ version: "2025-06-18", server: { tools: {} } });
  s.call("tools/list", undefined, { tools: [{ ...TOOL, name: "get-weather-structured", outputSchema: WEATHER_SCHEMA }] });
  s.call("tools/call", { name: "get-weather-structured", arguments: { city: "Rome" } }, {
    content: [text('{"temperature":"warm"}')],
    structuredContent: { temperature: "warm" },
  });
  put("2025-06-18", "violations", "tool-011-structured-content-off-schema", s);
}

// ---- every older revision: a server answering a version no revision has (a future date) ----
for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18"]) {
  const s = new Session({ version: revision, answered: "2099-01-01" });
  s.call("ping", undefined, {});
  put(revision, "violations", "life-010-answered-version-unpublished", s);
}

for (const [path, events] of Object.entries(traces)) {
  const file = join(CORPUS, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, events.map((e) => JSON.stringify(e)).join("\n") + "\n");
}
console.log(`wrote ${Object.keys(traces).length} traces`);
