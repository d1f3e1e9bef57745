// Writes the TOOL/RES/PROM/LOG/COMP/PAGE corpus traces (good sessions and one violation trace per check) into
// corpus/2025-11-25/. Deterministic: run `node corpus/tools/gen-server.mjs` and commit what changed.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "2025-11-25");
const V = "2025-11-25";
const C2S = "client-to-server";
const S2C = "server-to-client";
const SESSION = "8d0f6c2a-3b7e-4e19-b5a4-71c2e9d04f3b";

const rpc = (id, method, params) => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const note = (method, params) => (params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
const ok = (id, result) => ({ jsonrpc: "2.0", id, result });
const err = (id, code, message) => ({ jsonrpc: "2.0", id, error: { code, message } });

const CLIENT_INFO = { name: "example-host", version: "1.4.0" };
const SERVER_INFO = { name: "example-servers/everything", title: "Everything Example Server", version: "2.0.0" };
const CLIENT_CAPS = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } };
const ALL_SERVER_CAPS = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};

/** A session under construction: events get consecutive seqs; HTTP sessions wrap each message in its exchange. */
class Session {
  constructor(transport, serverCaps = ALL_SERVER_CAPS) {
    this.transport = transport;
    this.events = [];
    this.nextId = 1;
    this.push(C2S, "lifecycle", { event: "transport-open" });
    const id = 0;
    const init = rpc(id, "initialize", { protocolVersion: V, capabilities: CLIENT_CAPS, clientInfo: CLIENT_INFO });
    const result = ok(id, { protocolVersion: V, capabilities: serverCaps, serverInfo: SERVER_INFO });
    if (transport === "stdio") {
      this.push(C2S, "message", { payload: init });
      this.push(S2C, "message", { payload: result });
      this.push(C2S, "message", { payload: note("notifications/initialized") });
    } else {
      this.push(C2S, "http", { method: "POST", path: "/mcp", headers: { accept: "application/json, text/event-stream", "content-type": "application/json" } });
      this.push(C2S, "message", { payload: init });
      this.push(S2C, "http", { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "mcp-session-id": SESSION } });
      this.push(S2C, "message", { payload: result });
      this.clientNotify(note("notifications/initialized"));
      this.push(C2S, "http", { method: "GET", path: "/mcp", headers: { accept: "text/event-stream", "mcp-protocol-version": V, "mcp-session-id": SESSION } });
      this.push(S2C, "http", { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
    }
  }
  push(direction, kind, body) {
    this.events.push({ seq: this.events.length, direction, transport: this.transport, kind, ...body });
    return this.events.length - 1;
  }
  postHeaders() {
    return { accept: "application/json, text/event-stream", "content-type": "application/json", "mcp-protocol-version": V, "mcp-session-id": SESSION };
  }
  clientNotify(payload) {
    if (this.transport === "stdio") return this.push(C2S, "message", { payload });
    this.push(C2S, "http", { method: "POST", path: "/mcp", headers: this.postHeaders() });
    const seq = this.push(C2S, "message", { payload });
    this.push(S2C, "http", { status: 202 });
    return seq;
  }
  /** A server notification (over HTTP: on the standalone GET stream opened after initialized). */
  serverNotify(method, params) {
    return this.push(S2C, "message", { payload: note(method, params) });
  }
  /** A request and its answer (`answer(id)` → the response payload, or null for none); returns the response seq. */
  request(method, params, answer, { before = [] } = {}) {
    const id = this.nextId++;
    const payload = rpc(id, method, params);
    if (this.transport === "stdio") {
      this.push(C2S, "message", { payload });
      for (const n of before) this.push(S2C, "message", { payload: n });
      return answer === null ? undefined : this.push(S2C, "message", { payload: answer(id) });
    }
    this.push(C2S, "http", { method: "POST", path: "/mcp", headers: this.postHeaders() });
    this.push(C2S, "message", { payload });
    if (answer === null) return undefined;
    const response = answer(id);
    if (before.length > 0) {
      this.push(S2C, "http", { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
      for (const n of before) this.push(S2C, "message", { payload: n });
    } else {
      this.push(S2C, "http", { status: 200, headers: { "content-type": "application/json" } });
    }
    return this.push(S2C, "message", { payload: response });
  }
  result(method, params, result, options) {
    return this.request(method, params, (id) => ok(id, result), options);
  }
  error(method, params, code, message) {
    return this.request(method, params, (id) => err(id, code, message));
  }
  text() {
    if (this.transport === "streamable-http") {
      this.push(C2S, "http", { method: "DELETE", path: "/mcp", headers: { "mcp-protocol-version": V, "mcp-session-id": SESSION } });
      this.push(S2C, "http", { status: 200 });
    }
    this.push(C2S, "lifecycle", { event: "transport-close" });
    return `${this.events.map((e) => JSON.stringify(e)).join("\n")}\n`;
  }
}

// ---- What the example server offers -------------------------------------------------------------------------

const ECHO = {
  name: "echo",
  title: "Echo Tool",
  description: "Echoes back the input string",
  inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { message: { type: "string", description: "Message to echo" } }, required: ["message"], additionalProperties: false },
};
const ADD = {
  name: "get-sum",
  title: "Get Sum Tool",
  description: "Returns the sum of two numbers",
  inputSchema: { type: "object", properties: { a: { type: "number", description: "First number" }, b: { type: "number", description: "Second number" } }, required: ["a", "b"] },
};
const WEATHER_OUTPUT = {
  type: "object",
  properties: { temperature: { type: "number", description: "Temperature in celsius" }, conditions: { type: "string" }, humidity: { type: "number" } },
  required: ["temperature", "conditions", "humidity"],
  additionalProperties: false,
};
const STRUCTURED = {
  name: "get-structured-content",
  title: "Get Structured Content Tool",
  description: "Returns structured content along with an output schema for client data validation",
  inputSchema: { type: "object", properties: { location: { type: "string", enum: ["New York", "Chicago", "Los Angeles"] } }, required: ["location"] },
  outputSchema: WEATHER_OUTPUT,
};
const RESOURCE_REF = {
  name: "get-resource-reference",
  title: "Get Resource Reference Tool",
  description: "Returns a resource reference that can be used by MCP clients",
  inputSchema: { type: "object", properties: { resourceId: { type: "number", minimum: 1, maximum: 100 } }, required: ["resourceId"] },
};
const TINY_IMAGE = {
  name: "get-tiny-image",
  title: "Get Tiny Image Tool",
  description: "Returns a tiny MCP logo image.",
  inputSchema: { type: "object", properties: {} },
};
const TOGGLE = {
  name: "toggle-simulated-logging",
  title: "Toggle Simulated Logging",
  description: "Toggles simulated, random-leveled logging on or off.",
  inputSchema: { type: "object", additionalProperties: false },
};
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==";
const WAV = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=";
const weather = { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 };

const DOC = (n) => ({ uri: `demo://resource/static/document/${n}`, name: n, title: `Documentation: ${n}`, mimeType: "text/markdown" });
const SIMPLE_PROMPT = { name: "simple-prompt", title: "Simple Prompt", description: "A prompt with no arguments" };
const ARGS_PROMPT = {
  name: "args-prompt",
  title: "Arguments Prompt",
  description: "A prompt with two arguments, one required and one optional",
  arguments: [
    { name: "city", description: "Name of the city", required: true },
    { name: "state", description: "Name of the state", required: false },
  ],
};
const RESOURCE_PROMPT = {
  name: "resource-prompt",
  title: "Resource Prompt",
  description: "A prompt that includes an embedded resource reference",
  arguments: [{ name: "resourceId", description: "Resource ID to include (1-100)", required: true }],
};
const MEDIA_PROMPT = { name: "media-prompt", title: "Media Prompt", description: "A prompt that includes an image and a short sound" };

const text = (t) => ({ type: "text", text: t });

// ---- Good sessions ---------------------------------------------------------------------------------------------

function goodToolsStdio() {
  const s = new Session("stdio");
  s.serverNotify("notifications/tools/list_changed");
  s.result("tools/list", undefined, { tools: [ECHO, ADD, STRUCTURED], nextCursor: "eyJvZmZzZXQiOjN9" });
  s.result("tools/list", { cursor: "eyJvZmZzZXQiOjN9" }, { tools: [RESOURCE_REF, TINY_IMAGE] });
  s.result("tools/call", { name: "echo", arguments: { message: "hello" } }, { content: [text("Echo: hello")] });
  s.result("tools/call", { name: "get-sum", arguments: { a: 2, b: 3 } }, { content: [text("The sum of 2 and 3 is 5.")] });
  s.result(
    "tools/call",
    { name: "get-sum", arguments: { a: 2, b: "three" } },
    { content: [text("Input validation error: Invalid arguments for tool get-sum: b: Expected number, received string")], isError: true },
  );
  s.result(
    "tools/call",
    { name: "get-structured-content", arguments: { location: "Chicago" } },
    { content: [text(JSON.stringify(weather))], structuredContent: weather },
  );
  s.result(
    "tools/call",
    { name: "get-resource-reference", arguments: { resourceId: 2 } },
    {
      content: [
        text("Returning resource reference for Resource 2:"),
        { type: "resource", resource: { uri: "demo://resource/dynamic/text/2", mimeType: "text/plain", text: "Resource 2: This is a plaintext resource" } },
        { type: "resource_link", uri: "demo://resource/dynamic/text/2", name: "Resource 2", mimeType: "text/plain" },
      ],
    },
  );
  s.result("tools/call", { name: "get-tiny-image", arguments: {} }, { content: [text("Here's the image you requested:"), { type: "image", data: PNG_1PX, mimeType: "image/png" }] });
  s.result("logging/setLevel", { level: "warning" }, {});
  s.result("tools/call", { name: "toggle-simulated-logging", arguments: {} }, { content: [text("Started simulated, random-leveled logging.")] });
  s.serverNotify("notifications/message", { level: "error", logger: "everything", data: "Error-level message" });
  s.serverNotify("notifications/message", { level: "warning", logger: "everything", data: "Warning-level message" });
  // The server adds a tool and says so; the client lists again.
  s.serverNotify("notifications/tools/list_changed");
  s.result("tools/list", undefined, { tools: [ECHO, ADD, STRUCTURED, RESOURCE_REF, TINY_IMAGE, TOGGLE] });
  return s.text();
}

function goodResourcesPromptsHttp() {
  const s = new Session("streamable-http");
  s.result("resources/list", undefined, { resources: [DOC("architecture.md"), DOC("features.md")], nextCursor: "cGFnZT0y" });
  s.result("resources/list", { cursor: "cGFnZT0y" }, {
    resources: [{ uri: "demo://resource/dynamic/blob/1", name: "Resource 1", mimeType: "application/octet-stream", size: 18 }],
  });
  s.result("resources/templates/list", undefined, {
    resourceTemplates: [{ uriTemplate: "demo://resource/dynamic/text/{resourceId}", name: "Dynamic Text Resource", mimeType: "text/plain" }],
  });
  s.result("resources/read", { uri: "demo://resource/static/document/architecture.md" }, {
    contents: [{ uri: "demo://resource/static/document/architecture.md", mimeType: "text/markdown", text: "# Architecture\n\nThe server is split into …" }],
  });
  s.result("resources/read", { uri: "demo://resource/dynamic/blob/1" }, {
    contents: [{ uri: "demo://resource/dynamic/blob/1", mimeType: "application/octet-stream", blob: "UmVzb3VyY2UgMTogYmluYXJ5" }],
  });
  s.result("resources/subscribe", { uri: "demo://resource/dynamic/text/1" }, {});
  s.serverNotify("notifications/resources/updated", { uri: "demo://resource/dynamic/text/1" });
  s.serverNotify("notifications/resources/list_changed");
  s.result("resources/list", undefined, { resources: [DOC("architecture.md"), DOC("features.md"), DOC("extension.md")] });
  // A cursor the server gave for another list is not one it can continue this list from.
  s.error("prompts/list", { cursor: "cGFnZT0y" }, -32602, "Invalid cursor");
  s.result("prompts/list", undefined, { prompts: [SIMPLE_PROMPT, ARGS_PROMPT], nextCursor: "cHJvbXB0cz0y" });
  s.result("prompts/list", { cursor: "cHJvbXB0cz0y" }, { prompts: [RESOURCE_PROMPT, MEDIA_PROMPT] });
  s.result("prompts/get", { name: "simple-prompt" }, { messages: [{ role: "user", content: text("This is a simple prompt without arguments.") }] });
  s.result("prompts/get", { name: "args-prompt", arguments: { city: "Berlin" } }, {
    description: "A prompt with arguments",
    messages: [{ role: "user", content: text("What's weather in Berlin?") }],
  });
  s.error("prompts/get", { name: "args-prompt", arguments: { state: "CA" } }, -32602, "Invalid arguments for prompt args-prompt: city: Required");
  s.error("prompts/get", { name: "code-review" }, -32602, "Prompt code-review not found");
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [
      { role: "user", content: text("This prompt includes Resource 3. Please analyze the following resource:") },
      { role: "user", content: { type: "resource", resource: { uri: "demo://resource/dynamic/text/3", mimeType: "text/plain", text: "Resource 3: This is a plaintext resource" } } },
    ],
  });
  s.result("prompts/get", { name: "media-prompt" }, {
    messages: [
      { role: "user", content: { type: "image", data: PNG_1PX, mimeType: "image/png" } },
      { role: "user", content: { type: "audio", data: WAV, mimeType: "audio/wav" } },
      { role: "assistant", content: text("I see a one-pixel image and hear a short silence.") },
    ],
  });
  s.result("completion/complete", { ref: { type: "ref/prompt", name: "args-prompt" }, argument: { name: "city", value: "Ber" } }, {
    completion: { values: ["Berlin", "Bern"], total: 2, hasMore: false },
  });
  s.error("completion/complete", { ref: { type: "ref/prompt", name: "code-review" }, argument: { name: "language", value: "py" } }, -32602, "Prompt code-review not found");
  s.serverNotify("notifications/prompts/list_changed");
  s.result("prompts/list", undefined, { prompts: [SIMPLE_PROMPT, ARGS_PROMPT, RESOURCE_PROMPT] });
  return s.text();
}

// ---- Violation traces: each breaks exactly one requirement -----------------------------------------------------

const violations = {};

violations["tool-006-name-charset"] = () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [{ name: "weather lookup,v2!", description: "Look up the weather", inputSchema: { type: "object" } }] });
  return s.text();
};

const run = (name, build) => {
  violations[name] = build;
};

run("tool-001-tools-not-declared", () => {
  const s = new Session("stdio", { resources: {} });
  s.serverNotify("notifications/tools/list_changed");
  return s.text();
});
run("life-015-list-changed-not-declared", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [ECHO] });
  s.serverNotify("notifications/tools/list_changed");
  return s.text();
});
run("tool-002-list-changed-not-sent", () => {
  const s = new Session("stdio", { tools: { listChanged: true } });
  s.result("tools/list", undefined, { tools: [ECHO] });
  s.result("tools/call", { name: "echo", arguments: { message: "hi" } }, { content: [text("Echo: hi")] });
  s.result("tools/list", undefined, { tools: [ECHO, ADD] });
  return s.text();
});
run("tool-003-input-schema-missing", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [{ name: "get_weather", description: "Get current weather" }] });
  return s.text();
});
run("base-021-input-schema-not-json-schema", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, {
    tools: [{ name: "get_weather", description: "Get current weather", inputSchema: { type: "object", properties: { location: { type: "strnig" } }, required: ["location"] } }],
  });
  return s.text();
});
run("tool-004-name-too-long", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [{ name: `export_${"quarterly_report_".repeat(8)}to_csv`, inputSchema: { type: "object" } }] });
  return s.text();
});
run("tool-008-name-duplicated", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [ECHO, ADD], nextCursor: "2" });
  s.result("tools/list", { cursor: "2" }, { tools: [{ ...ECHO, description: "Echoes back the input, again" }] });
  return s.text();
});
run("tool-009-embedded-resource-without-resources", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/call", { name: "get-resource-reference", arguments: { resourceId: 2 } }, {
    content: [{ type: "resource", resource: { uri: "demo://resource/dynamic/text/2", mimeType: "text/plain", text: "Resource 2" } }],
  });
  return s.text();
});
run("tool-010-structured-content-not-serialized", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/call", { name: "get-structured-content", arguments: { location: "Chicago" } }, {
    content: [text("It is partly cloudy in Chicago.")],
    structuredContent: weather,
  });
  return s.text();
});
run("tool-011-structured-content-breaks-output-schema", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [STRUCTURED] });
  const bad = { temperature: "22.5", conditions: "Partly cloudy", humidity: 65 };
  s.result("tools/call", { name: "get-structured-content", arguments: { location: "Chicago" } }, {
    content: [text(JSON.stringify(bad))],
    structuredContent: bad,
  });
  return s.text();
});
run("tool-012-invalid-input-accepted", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [ADD] });
  s.result("tools/call", { name: "get-sum", arguments: { a: 2 } }, { content: [text("The sum of 2 and undefined is NaN.")] });
  return s.text();
});

run("res-001-resources-not-declared", () => {
  const s = new Session("stdio", { tools: {} });
  s.serverNotify("notifications/resources/list_changed");
  return s.text();
});
run("res-001-subscription-not-declared", () => {
  const s = new Session("stdio", { resources: { listChanged: true } });
  s.result("resources/subscribe", { uri: "demo://resource/dynamic/text/1" }, {});
  s.serverNotify("notifications/resources/updated", { uri: "demo://resource/dynamic/text/1" });
  return s.text();
});
run("res-002-list-changed-not-sent", () => {
  const s = new Session("stdio", { resources: { listChanged: true } });
  s.result("resources/list", undefined, { resources: [DOC("architecture.md")] });
  s.result("resources/list", undefined, { resources: [DOC("features.md")] });
  return s.text();
});
run("res-005-uri-not-rfc3986", () => {
  const s = new Session("stdio", { resources: {} });
  s.result("resources/list", undefined, { resources: [{ uri: "notes://home/user/My Documents/notes.txt", name: "notes.txt", mimeType: "text/plain" }] });
  return s.text();
});
// A file: URI holding a raw non-ASCII character: no custom scheme (RES-005), but not the schema's format "uri" either.
run("base-015-file-uri-not-ascii", () => {
  const s = new Session("stdio", { resources: {} });
  s.result("resources/list", undefined, { resources: [{ uri: "file:///home/user/café.txt", name: "café.txt", mimeType: "text/plain" }] });
  return s.text();
});
run("res-010-blob-not-base64", () => {
  const s = new Session("stdio", { resources: {} });
  // base64 with MIME line breaks (as Python's base64.encodebytes writes it): RFC 4648 forbids them.
  const blob = `${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3".slice(0, 76)}\nODk=\n`;
  s.result("resources/read", { uri: "file:///project/alphabet.bin" }, { contents: [{ uri: "file:///project/alphabet.bin", mimeType: "application/octet-stream", blob }] });
  return s.text();
});

run("prom-001-prompts-not-declared", () => {
  const s = new Session("stdio", { tools: {} });
  s.serverNotify("notifications/prompts/list_changed");
  return s.text();
});
run("prom-002-list-changed-not-sent", () => {
  const s = new Session("stdio", { prompts: { listChanged: true } });
  s.result("prompts/list", undefined, { prompts: [SIMPLE_PROMPT] });
  s.result("prompts/list", undefined, { prompts: [SIMPLE_PROMPT, ARGS_PROMPT] });
  return s.text();
});
run("prom-003-image-mime-type-invalid", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "media-prompt" }, { messages: [{ role: "user", content: { type: "image", data: PNG_1PX, mimeType: "png" } }] });
  return s.text();
});
run("prom-004-audio-mime-type-invalid", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "media-prompt" }, { messages: [{ role: "user", content: { type: "audio", data: WAV, mimeType: "audio wav" } }] });
  return s.text();
});
run("prom-005-embedded-resource-uri-invalid", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { uri: "resource 3", mimeType: "text/plain", text: "Resource 3" } } }],
  });
  return s.text();
});
run("prom-006-embedded-resource-without-mime-type", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { uri: "demo://resource/dynamic/text/3", text: "Resource 3" } } }],
  });
  return s.text();
});
run("prom-007-embedded-blob-not-base64", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "4" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { uri: "demo://resource/dynamic/blob/4", mimeType: "application/octet-stream", blob: "UmVzb3VyY2Ug\nNA==" } } }],
  });
  return s.text();
});
// Held-out kinds (issue 10): an embedded resource holding both text and blob, one without its uri, one with neither
// text nor blob — each judged under the PROM sentence that states the rule, not as a bare schema mismatch.
run("prom-007-embedded-resource-text-and-blob", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { uri: "demo://resource/dynamic/text/3", mimeType: "text/plain", text: "Resource 3", blob: "UmVzb3VyY2UgMw==" } } }],
  });
  return s.text();
});
run("prom-005-embedded-resource-without-uri", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { mimeType: "text/plain", text: "Resource 3" } } }],
  });
  return s.text();
});
run("prom-007-embedded-resource-without-content", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/get", { name: "resource-prompt", arguments: { resourceId: "3" } }, {
    messages: [{ role: "user", content: { type: "resource", resource: { uri: "demo://resource/dynamic/text/3", mimeType: "text/plain" } } }],
  });
  return s.text();
});
run("prom-008-unknown-prompt-answered", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/list", undefined, { prompts: [SIMPLE_PROMPT] });
  s.result("prompts/get", { name: "code-review" }, { messages: [] });
  return s.text();
});
run("prom-009-required-argument-not-enforced", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/list", undefined, { prompts: [ARGS_PROMPT] });
  s.result("prompts/get", { name: "args-prompt", arguments: { state: "CA" } }, { messages: [{ role: "user", content: text("What's weather in undefined, CA?") }] });
  return s.text();
});
run("prom-009-required-arguments-omitted", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("prompts/list", undefined, { prompts: [ARGS_PROMPT] });
  s.result("prompts/get", { name: "args-prompt" }, { messages: [{ role: "user", content: text("What's weather in undefined?") }] });
  return s.text();
});

run("log-001-logging-not-declared", () => {
  const s = new Session("stdio", { tools: {} });
  s.serverNotify("notifications/message", { level: "info", logger: "everything", data: "Server started" });
  return s.text();
});
run("log-015-below-set-level", () => {
  const s = new Session("stdio", { logging: {} });
  s.result("logging/setLevel", { level: "error" }, {});
  s.serverNotify("notifications/message", { level: "debug", logger: "everything", data: "Debug-level message" });
  return s.text();
});

run("comp-001-completions-not-declared", () => {
  const s = new Session("stdio", { prompts: {} });
  s.result("completion/complete", { ref: { type: "ref/prompt", name: "args-prompt" }, argument: { name: "city", value: "Ber" } }, { completion: { values: ["Berlin"] } });
  return s.text();
});
run("comp-003-unknown-prompt-answered", () => {
  const s = new Session("stdio", { prompts: {}, completions: {} });
  s.result("prompts/list", undefined, { prompts: [ARGS_PROMPT] });
  s.result("completion/complete", { ref: { type: "ref/prompt", name: "code-review" }, argument: { name: "language", value: "py" } }, { completion: { values: [] } });
  return s.text();
});
run("comp-017-too-many-values", () => {
  const s = new Session("stdio", { prompts: {}, completions: {} });
  const values = Array.from({ length: 120 }, (_, i) => `city-${String(i + 1).padStart(3, "0")}`);
  s.result("completion/complete", { ref: { type: "ref/prompt", name: "args-prompt" }, argument: { name: "city", value: "c" } }, { completion: { values, total: 120, hasMore: false } });
  return s.text();
});

run("page-003-invalid-cursor-unanswered", () => {
  const s = new Session("stdio", { tools: {}, prompts: {} });
  s.result("tools/list", undefined, { tools: [ECHO], nextCursor: "dG9vbHM9Mg==" });
  s.request("prompts/list", { cursor: "dG9vbHM9Mg==" }, null);
  return s.text();
});
run("page-006-cursor-not-issued", () => {
  const s = new Session("stdio", { tools: {} });
  s.result("tools/list", undefined, { tools: [ECHO], nextCursor: "eyJvZmZzZXQiOjF9" });
  s.error("tools/list", { cursor: "eyJvZmZzZXQiOjJ9" }, -32602, "Invalid cursor");
  return s.text();
});
run("page-006-cursor-never-a-next-cursor", () => {
  // The cursor appears in the session, but as a resource name, never as a nextCursor: the client made it a cursor.
  const s = new Session("stdio", { tools: {}, resources: {} });
  s.result("resources/list", undefined, { resources: [{ uri: "demo://resource/static/1", name: "eyJvZmZzZXQiOjF9" }] });
  s.error("resources/list", { cursor: "eyJvZmZzZXQiOjF9" }, -32602, "Invalid cursor");
  return s.text();
});
run("page-007-invalid-cursor-accepted", () => {
  const s = new Session("stdio", { tools: {}, prompts: {} });
  s.result("tools/list", undefined, { tools: [ECHO], nextCursor: "dG9vbHM9Mg==" });
  s.result("prompts/list", { cursor: "dG9vbHM9Mg==" }, { prompts: [] });
  return s.text();
});

/**
 * A dual-era client (2026-07-28's stdio backward compatibility) probes with server/discover, the legacy server refuses
 * it with -32601 — the spec's own legacy signal — and the client falls back to initialize in the same session.
 */
function goodFallbackStdio() {
  const s = new Session("stdio", { tools: {} });
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": CLIENT_INFO, "io.modelcontextprotocol/clientCapabilities": {} };
  const probe = [
    { direction: C2S, payload: rpc("probe-1", "server/discover", { _meta: meta }) },
    { direction: S2C, payload: err("probe-1", -32601, "Method not found") },
  ];
  s.events.splice(1, 0, ...probe.map(({ direction, payload }) => ({ seq: 0, direction, transport: "stdio", kind: "message", payload })));
  s.events.forEach((event, seq) => (event.seq = seq));
  s.result("tools/list", undefined, { tools: [ECHO] });
  s.result("tools/call", { name: "echo", arguments: { message: "hello" } }, { content: [text("Echo: hello")] });
  return s.text();
}

// ---- Write ------------------------------------------------------------------------------------------------------

mkdirSync(join(ROOT, "good"), { recursive: true });
mkdirSync(join(ROOT, "violations"), { recursive: true });
writeFileSync(join(ROOT, "good", "tool-stdio-session.jsonl"), goodToolsStdio());
writeFileSync(join(ROOT, "good", "tool-http-resources-prompts.jsonl"), goodResourcesPromptsHttp());
writeFileSync(join(ROOT, "good", "dual-era-client-falls-back-stdio.jsonl"), goodFallbackStdio());
for (const [name, build] of Object.entries(violations)) writeFileSync(join(ROOT, "violations", `${name}.jsonl`), build());
