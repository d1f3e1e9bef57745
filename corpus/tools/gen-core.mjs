// Writes the BASE/LIFE/TRAN/PING/AUTH corpus traces (good sessions and one violation trace per check) into
// corpus/2025-11-25/. Deterministic: run `node corpus/tools/gen-core.mjs` and commit what changed.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "2025-11-25");
const V = "2025-11-25";
const C2S = "client-to-server";
const S2C = "server-to-client";

/** A trace under construction: events get consecutive seqs. */
class Trace {
  constructor(transport) {
    this.transport = transport;
    this.events = [];
  }
  push(direction, kind, body) {
    this.events.push({ seq: this.events.length, direction, transport: this.transport, kind, ...body });
    return this;
  }
  open(meta) {
    return this.push(C2S, "lifecycle", meta ? { event: "transport-open", meta } : { event: "transport-open" });
  }
  close() {
    return this.push(C2S, "lifecycle", { event: "transport-close" });
  }
  c(payload) {
    return this.push(C2S, "message", { payload });
  }
  s(payload) {
    return this.push(S2C, "message", { payload });
  }
  raw(direction, text) {
    return this.push(direction, "raw", { text });
  }
  stderr(text) {
    return this.push(S2C, "stderr", { text });
  }
  httpReq(method, headers) {
    return this.push(C2S, "http", { method, path: "/mcp", headers });
  }
  httpRes(status, headers) {
    return this.push(S2C, "http", headers ? { status, headers } : { status });
  }
  text() {
    return `${this.events.map((e) => JSON.stringify(e)).join("\n")}\n`;
  }
}

const rpc = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const note = (method, params) => (params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
const ok = (id, result) => ({ jsonrpc: "2.0", id, result });
const err = (id, code, message, data) => ({ jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } });

const CLIENT_INFO = { name: "example-host", version: "1.4.0" };
const SERVER_INFO = { name: "example-servers/everything", title: "Everything Example Server", version: "2.0.0" };
const CLIENT_CAPS = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } };
const SERVER_CAPS = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};
const initialize = (id = 0, params = {}) =>
  rpc(id, "initialize", { protocolVersion: V, capabilities: CLIENT_CAPS, clientInfo: CLIENT_INFO, ...params });
const initResult = (id = 0, result = {}) =>
  ok(id, { protocolVersion: V, capabilities: SERVER_CAPS, serverInfo: SERVER_INFO, ...result });

const ECHO_TOOL = {
  name: "echo",
  description: "Echoes back the input",
  inputSchema: { type: "object", properties: { message: { type: "string", description: "Message to echo" } }, required: ["message"] },
};
const ADD_TOOL = {
  name: "add",
  description: "Adds two numbers",
  inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
};

/** A clean stdio start: open, initialize, result, initialized. */
function stdio(opts = {}) {
  const t = new Trace("stdio").open();
  t.c(opts.initialize ?? initialize());
  t.s(opts.initResult ?? initResult());
  if (opts.initialized !== false) t.c(note("notifications/initialized"));
  return t;
}

// ---- streamable HTTP helpers ----
const SESSION = "2f1c9b7e-5d4a-4c1e-9a63-0b8e7d6f5a41";
const ACCEPT_POST = "application/json, text/event-stream";
const postHeaders = (extra = {}) => ({
  accept: ACCEPT_POST,
  "content-type": "application/json",
  "mcp-protocol-version": V,
  "mcp-session-id": SESSION,
  ...extra,
});
const sse = (extra = {}) => ({ "content-type": "text/event-stream", "cache-control": "no-cache", ...extra });
const json = (extra = {}) => ({ "content-type": "application/json", ...extra });
function without(headers, ...names) {
  const copy = { ...headers };
  for (const name of names) delete copy[name];
  return copy;
}

/** A clean streamable-HTTP start: open, POST initialize → SSE with a session id, POST initialized → 202. */
function http(opts = {}) {
  const t = new Trace("streamable-http").open({ upstream: "http://127.0.0.1:3001/mcp" });
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(opts.initialize ?? initialize());
  t.httpRes(200, sse({ "mcp-session-id": opts.session ?? SESSION })).s(opts.initResult ?? initResult());
  if (opts.initialized !== false) {
    t.httpReq("POST", opts.initializedHeaders ?? postHeaders({ "mcp-session-id": opts.session ?? SESSION })).c(note("notifications/initialized"));
    t.httpRes(202);
  }
  return t;
}
/** POST a request answered with a JSON body. */
function postJson(t, request, result, headers = postHeaders()) {
  t.httpReq("POST", headers).c(request);
  t.httpRes(200, json()).s(result);
  return t;
}

const traces = {};
const good = (name, t) => {
  traces[`good/${name}.jsonl`] = t;
};
const bad = (name, t) => {
  traces[`violations/${name}.jsonl`] = t;
};

// ===================================================================== good traces
{
  const t = stdio();
  t.stderr("Starting default (STDIO) server...");
  t.s(note("notifications/tools/list_changed"));
  t.c(rpc(1, "tools/list", { _meta: { "com.example/request-origin": "ui" } }));
  t.s(ok(1, { tools: [ECHO_TOOL, ADD_TOOL] }));
  t.c(rpc(2, "tools/call", { name: "add", arguments: { a: 2, b: 3 }, _meta: { progressToken: "call-2" } }));
  t.s(ok(2, { content: [{ type: "text", text: "The sum of 2 and 3 is 5." }], _meta: { "com.example/duration-ms": 3 } }));
  t.c(rpc(3, "ping"));
  t.s(ok(3, {}));
  t.s(rpc(0, "roots/list"));
  t.c(ok(0, { roots: [{ uri: "file:///home/user/project", name: "project" }] }));
  t.s(rpc(1, "ping"));
  t.c(ok(1, {}));
  t.c(rpc(4, "resources/read", { uri: "demo://resource/static/document/missing.md" }));
  t.s(err(4, -32002, "Resource not found", { uri: "demo://resource/static/document/missing.md" }));
  t.c(rpc("req-5", "tools/call", { name: "echo", arguments: { message: "hello" } }));
  t.s(ok("req-5", { content: [{ type: "text", text: "Echo: hello" }] }));
  t.close();
  good("base-stdio-session", t);
}
{
  const t = new Trace("streamable-http").open({ upstream: "http://127.0.0.1:3001/mcp" });
  const challenge =
    'Bearer resource_metadata="http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"';
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(initialize());
  t.httpRes(401, { "www-authenticate": challenge, "content-type": "application/json" });
  // authorized out of band; the same request is sent again
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(initialize());
  t.httpRes(200, sse({ "mcp-session-id": SESSION })).s(initResult());
  t.httpReq("POST", postHeaders()).c(note("notifications/initialized"));
  t.httpRes(202);
  t.httpReq("GET", { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200, sse());
  t.s(note("notifications/tools/list_changed"));
  t.httpReq("POST", postHeaders()).c(rpc(1, "tools/list", { _meta: { "com.example/request-origin": "ui" } }));
  t.httpRes(401, {
    "www-authenticate": 'Bearer error="invalid_token", error_description="The access token expired", scope="mcp:tools"',
  });
  // the token is refreshed out of band; the same request is sent again
  postJson(t, rpc(1, "tools/list", { _meta: { "com.example/request-origin": "ui" } }), ok(1, { tools: [ECHO_TOOL, ADD_TOOL] }));
  t.httpReq("POST", postHeaders()).c(rpc(2, "tools/call", { name: "echo", arguments: { message: "hi" } }));
  t.httpRes(403, {
    "www-authenticate":
      'Bearer error="insufficient_scope", scope="mcp:tools mcp:tools.call", resource_metadata="http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp", error_description="tools/call needs mcp:tools.call"',
  });
  // step-up authorization out of band; the same request is sent again
  t.httpReq("POST", postHeaders()).c(rpc(2, "tools/call", { name: "echo", arguments: { message: "hi" } }));
  t.httpRes(200, sse()).s(ok(2, { content: [{ type: "text", text: "Echo: hi" }] }));
  t.s(rpc(0, "ping"));
  t.httpReq("POST", postHeaders()).c(ok(0, {}));
  t.httpRes(202);
  postJson(t, rpc(3, "ping"), ok(3, {}));
  postJson(t, rpc(4, "prompts/get", { name: "no-such-prompt" }), err(4, -32602, "Unknown prompt: no-such-prompt"));
  t.httpReq("DELETE", { "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200);
  t.close();
  good("base-http-session", t);
}

{
  // The server forgot the session (a restart); the client starts a new one, as the transport requires.
  const t = http();
  postJson(t, rpc(1, "tools/list"), ok(1, { tools: [ECHO_TOOL] }));
  t.httpReq("POST", postHeaders()).c(rpc(2, "tools/call", { name: "echo", arguments: { message: "again" } }));
  t.httpRes(404, json());
  const renewed = "7d0e4c2a-91b3-4f6e-8c5d-2a1b0f9e8d7c";
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(initialize(3));
  t.httpRes(200, sse({ "mcp-session-id": renewed })).s(initResult(3));
  t.httpReq("POST", postHeaders({ "mcp-session-id": renewed })).c(note("notifications/initialized"));
  t.httpRes(202);
  t.httpReq("POST", postHeaders({ "mcp-session-id": renewed })).c(rpc(4, "tools/call", { name: "echo", arguments: { message: "again" } }));
  t.httpRes(200, sse()).s(ok(4, { content: [{ type: "text", text: "Echo: again" }] }));
  t.close();
  good("base-http-session-expired", t);
}

{
  // The client ends the session; its SSE stream's reconnect attempt is told the session is gone.
  const t = http();
  t.httpReq("GET", { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200, sse());
  postJson(t, rpc(1, "tools/list"), ok(1, { tools: [ECHO_TOOL] }));
  t.httpReq("DELETE", { "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200);
  t.httpReq("GET", { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(404, json());
  t.close();
  good("base-http-session-deleted", t);
}

// ===================================================================== BASE violations
{
  const t = stdio();
  t.c(rpc(1, "ping"));
  t.s({ jsonrpc: "1.0", id: 1, result: {} });
  bad("base-002-jsonrpc-version", t.close());
}
{
  const t = stdio();
  t.c(rpc(1.5, "tools/list"));
  t.s(ok(1.5, { tools: [ECHO_TOOL] }));
  bad("base-003-request-id-fraction", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c({ jsonrpc: "2.0", id: null, method: "ping" });
  t.httpRes(200, json()).s(err(null, -32600, "Invalid Request: id must not be null"));
  bad("base-004-request-id-null", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "ping")).s(ok(1, {}));
  t.c(rpc(1, "ping")).s(ok(1, {}));
  bad("base-005-request-id-reused", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "ping")).s(ok(1, {}));
  t.s(ok(99, {}));
  bad("base-006-result-unknown-id", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c(rpc(1, "tools/list"));
  t.httpRes(200, sse()).s({ jsonrpc: "2.0", id: 1 }).s(ok(1, { tools: [ECHO_TOOL] }));
  bad("base-007-response-without-result", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "example/echo", { text: "hi" })).s(ok(1, "hi"));
  bad("base-008-result-not-object", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "ping")).s(ok(1, {}));
  t.s(err(42, -32603, "Internal error"));
  bad("base-009-error-unknown-id", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "example/unknown")).s({ jsonrpc: "2.0", id: 1, error: { code: -32601 } });
  bad("base-010-error-without-message", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "example/unknown")).s({ jsonrpc: "2.0", id: 1, error: { code: "METHOD_NOT_FOUND", message: "Method not found" } });
  bad("base-011-error-code-not-integer", t.close());
}
{
  const t = stdio();
  t.c(rpc(1, "tools/call", { name: "echo", arguments: { message: "boom" } }));
  t.s(err(1, -32603, "Error: boom\n    at Echo.handle (/srv/tools/echo.js:12:11)\n    at Server.dispatch (/srv/server.js:88:20)"));
  bad("base-033-error-message-stack-trace", t.close());
}
{
  const t = stdio();
  t.s({ jsonrpc: "2.0", id: 7, method: "notifications/tools/list_changed" });
  bad("base-013-notification-with-id", t.close());
}
{
  const t = stdio({ initialize: initialize(0, { capabilities: { roots: { listChanged: "yes" } } }) });
  bad("base-015-schema-invalid-capability", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c(rpc(1, "tools/list"));
  t.httpRes(200, sse()).s([ok(1, { tools: [ECHO_TOOL] })]);
  bad("base-015-server-batch-over-sse", t.close());
}
const metaTrace = (key) => {
  const t = stdio();
  t.c(rpc(1, "ping", { _meta: { [key]: "x" } })).s(ok(1, {}));
  return t.close();
};
bad("base-023-meta-prefix-empty-label", metaTrace("com..example/trace"));
bad("base-024-meta-prefix-label-digit", metaTrace("1com.example/trace"));
bad("base-026-meta-name-edge", metaTrace("com.example/-trace"));
bad("base-027-meta-name-space", metaTrace("com.example/trace id"));

// ===================================================================== LIFE violations
{
  const t = new Trace("stdio").open();
  t.c(rpc(0, "ping")).s(ok(0, {}));
  t.c(initialize(1)).s(initResult(1)).c(note("notifications/initialized"));
  bad("life-001-initialize-not-first", t.close());
}
{
  const t = stdio();
  t.s(rpc(0, "initialize", { protocolVersion: V, capabilities: {}, clientInfo: { name: "confused-server", version: "0.1.0" } }));
  t.c(err(0, -32601, "Method not found"));
  bad("life-002-server-sends-initialize", t.close());
}
{
  const t = stdio({ initialized: false });
  t.c(rpc(1, "tools/list")).s(ok(1, { tools: [ECHO_TOOL] }));
  bad("life-003-initialized-missing", t.close());
}
{
  const t = stdio({ initResult: ok(0, { protocolVersion: V, capabilities: SERVER_CAPS }) });
  bad("life-004-initialize-result-without-server-info", t.close());
}
{
  const t = new Trace("stdio").open();
  t.c(initialize());
  t.c(rpc(1, "tools/list"));
  t.s(initResult());
  t.s(ok(1, { tools: [ECHO_TOOL] }));
  t.c(note("notifications/initialized"));
  bad("life-005-request-before-initialize-response", t.close());
}
{
  const t = stdio({ initialized: false });
  t.s(rpc(0, "roots/list"));
  t.c(ok(0, { roots: [{ uri: "file:///home/user/project", name: "project" }] }));
  t.c(note("notifications/initialized"));
  bad("life-006-server-request-before-initialized", t.close());
}
{
  const t = stdio({ initialize: initialize(0, { protocolVersion: "1.0" }) });
  bad("life-007-requested-version-not-a-version", t.close());
}
{
  // The server answers a version no revision has; the rest is judged at the version the client asked for.
  const t = stdio({ initResult: initResult(0, { protocolVersion: "1.0" }) });
  t.c(rpc(1, "ping")).s(ok(1, {}));
  bad("life-010-answered-version-unpublished", t.close());
}
{
  const { prompts, ...caps } = SERVER_CAPS;
  const t = stdio({ initResult: initResult(0, { capabilities: caps }) });
  t.c(rpc(1, "prompts/list")).s(err(1, -32601, "Method not found"));
  bad("life-015-capability-not-negotiated", t.close());
}

// ===================================================================== TRAN violations
{
  const t = stdio();
  t.raw(S2C, "Everything server listening on stdio");
  t.c(rpc(1, "ping")).s(ok(1, {}));
  bad("tran-005-server-stdout-log-line", t.close());
}
{
  const t = stdio();
  t.raw(C2S, "hello?");
  t.c(rpc(1, "ping")).s(ok(1, {}));
  bad("tran-006-client-stdin-not-json", t.close());
}
{
  const t = http();
  t.httpReq("GET", { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200, sse());
  t.c(rpc(1, "ping"));
  t.s(ok(1, {}));
  bad("tran-013-message-without-post", t.close());
}
{
  const t = http();
  postJson(t, rpc(1, "tools/list"), ok(1, { tools: [ECHO_TOOL] }), postHeaders({ accept: "application/json" }));
  bad("tran-014-post-accept-without-sse", t.close());
}
{
  const t = http({ initialized: false });
  t.httpReq("POST", postHeaders()).c([note("notifications/initialized")]);
  t.httpRes(202);
  bad("tran-015-post-body-batch", t.close());
}
{
  const t = http({ initialized: false });
  t.httpReq("POST", postHeaders()).c(note("notifications/initialized"));
  t.httpRes(200, json());
  bad("tran-016-notification-answered-200", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c(rpc(1, "tools/list"));
  t.httpRes(200, { "content-type": "text/plain" }).s(ok(1, { tools: [ECHO_TOOL] }));
  bad("tran-018-request-answered-text-plain", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c(rpc(1, "tools/call", { name: "echo", arguments: { message: "hi" } }));
  t.httpRes(200, sse());
  bad("tran-024-request-never-answered", t.close());
}
{
  const t = http();
  t.httpReq("GET", { accept: "application/json", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(405);
  bad("tran-029-get-accept-without-sse", t.close());
}
{
  const t = http();
  t.httpReq("GET", { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200, json());
  bad("tran-030-get-answered-json", t.close());
}
{
  const id = "session 7";
  const t = http({ session: id });
  postJson(t, rpc(1, "ping"), ok(1, {}), postHeaders({ "mcp-session-id": id }));
  bad("tran-040-session-id-with-space", t.close());
}
{
  const t = http();
  postJson(t, rpc(1, "ping"), ok(1, {}), without(postHeaders(), "mcp-session-id"));
  bad("tran-042-session-id-not-echoed", t.close());
}
{
  const t = http();
  postJson(t, rpc(1, "ping"), ok(1, {}), without(postHeaders(), "mcp-protocol-version"));
  bad("tran-047-protocol-version-header-missing", t.close());
}
{
  const t = http();
  postJson(t, rpc(1, "ping"), ok(1, {}), postHeaders({ "mcp-protocol-version": "2025-06-18" }));
  bad("tran-048-protocol-version-not-negotiated", t.close());
}

{
  const t = http();
  t.httpReq("DELETE", { "mcp-protocol-version": V, "mcp-session-id": SESSION });
  t.httpRes(200);
  postJson(t, rpc(1, "ping"), ok(1, {}));
  bad("tran-044-request-served-after-delete", t.close());
}
{
  const t = http();
  t.httpReq("POST", postHeaders()).c(rpc(1, "ping"));
  t.httpRes(404, json());
  t.httpReq("POST", postHeaders()).c(rpc(2, "tools/list"));
  t.httpRes(404, json());
  bad("tran-045-request-after-404", t.close());
}

// ===================================================================== PING violations
{
  const t = stdio();
  t.c(rpc(1, "ping"));
  bad("ping-001-never-answered", t.close());
}

// ===================================================================== AUTH violations
const authTrace = (status, headers) => {
  const t = new Trace("streamable-http").open({ upstream: "http://127.0.0.1:3001/mcp" });
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(initialize());
  t.httpRes(status, headers);
  t.httpReq("POST", { accept: ACCEPT_POST, "content-type": "application/json" }).c(initialize());
  t.httpRes(200, sse({ "mcp-session-id": SESSION })).s(initResult());
  t.httpReq("POST", postHeaders()).c(note("notifications/initialized"));
  t.httpRes(202);
  return t.close();
};
bad("auth-013-challenge-without-scope", authTrace(401, { "www-authenticate": 'Bearer resource_metadata="http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp"' }));
bad("auth-054-invalid-token-with-403", authTrace(403, { "www-authenticate": 'Bearer error="invalid_token", scope="mcp:tools"' }));
bad("auth-049-401-without-challenge", authTrace(401, { "content-type": "application/json" }));
bad(
  "auth-055-insufficient-scope-without-scope",
  authTrace(403, { "www-authenticate": 'Bearer error="insufficient_scope", resource_metadata="http://127.0.0.1:3001/.well-known/oauth-protected-resource/mcp"' }),
);

for (const [name, t] of Object.entries(traces)) {
  const path = join(ROOT, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, t.text());
}
console.log(`wrote ${Object.keys(traces).length} traces`);
