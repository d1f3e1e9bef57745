// Writes the streamable-HTTP traces of corpus/2026-07-28/: the good HTTP session (routing headers, a Base64-encoded
// Mcp-Param, an annotated argument left null, a HeaderMismatch for a tool whose schema changed and the retry after
// listing it again, progress on an SSE stream, a stream the client closes, an unknown method, an unsupported
// version) and one violation trace per TRAN check, each the good session with one defect. Events are shaped as
// `mcp-conf record http` writes them (docs/trace-format.md): a POST's http event, its body, then the response's
// http event and its message(s). Run: node corpus/tools/gen-2026-http.mjs
import { fail, ok, post, progress, write } from "./http-2026.mjs";
import { cache, V, writeCoViolations } from "./session-2026.mjs";

const b64 = (text) => `=?base64?${Buffer.from(text, "utf8").toString("base64")}?=`;

const weatherV1 = {
  name: "get_weather",
  description: "Current weather",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string", "x-mcp-header": "City" },
      region: { type: ["string", "null"], "x-mcp-header": "Region" },
      days: { type: "integer", "x-mcp-header": "Days" },
    },
    required: ["city"],
  },
};
const translateV1 = { name: "translate", description: "Translate text", inputSchema: { type: "object", properties: { text: { type: "string" }, to: { type: "string" } }, required: ["text", "to"] } };
const translateV2 = structuredClone(translateV1);
translateV2.inputSchema.properties.to["x-mcp-header"] = "To";
const countdown = { name: "countdown", description: "Counts down", inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } };

function session() {
  return [
    post("d1", "server/discover", {}, { answer: ok("d1", { supportedVersions: [V], capabilities: { tools: {}, resources: {}, prompts: {} }, ...cache }) }),
    post(1, "tools/list", {}, { answer: ok(1, { tools: [weatherV1, translateV1, countdown], ...cache }) }),
    post(2, "tools/call", { name: "get_weather", arguments: { city: "Köln", region: "eu-west1", days: 3 } }, {
      headers: { "mcp-param-city": b64("Köln"), "mcp-param-region": "eu-west1", "mcp-param-days": "3" },
      answer: ok(2, { content: [{ type: "text", text: "Köln: 18°C" }], isError: false }),
    }),
    post(3, "tools/call", { name: "get_weather", arguments: { city: "Oslo", region: null } }, {
      headers: { "mcp-param-city": "Oslo" },
      answer: ok(3, { content: [{ type: "text", text: "Oslo: 9°C" }], isError: false }),
    }),
    // The server's translate tool now mirrors `to`; the client still holds the old listing, is refused, lists again, retries.
    post(4, "tools/call", { name: "translate", arguments: { text: "hello", to: "de" } }, {
      status: 400,
      answer: fail(4, -32020, "Header mismatch: Mcp-Param-To is missing"),
    }),
    post(5, "tools/list", {}, { answer: ok(5, { tools: [weatherV1, translateV2, countdown], ...cache }) }),
    post(6, "tools/call", { name: "translate", arguments: { text: "hello", to: "de" } }, {
      headers: { "mcp-param-to": "de" },
      answer: ok(6, { content: [{ type: "text", text: "hallo" }], isError: false }),
    }),
    post(7, "resources/read", { uri: "file:///project/config.json" }, {
      answer: ok(7, { contents: [{ uri: "file:///project/config.json", mimeType: "application/json", text: "{}" }], ...cache }),
    }),
    post(8, "prompts/get", { name: "summarise", arguments: { text: "MCP" } }, {
      answer: ok(8, { messages: [{ role: "user", content: { type: "text", text: "Summarise: MCP" } }] }),
    }),
    post(9, "tools/call", { name: "countdown", arguments: { n: 2 }, _meta: { progressToken: "c9" } }, {
      type: "text/event-stream",
      extra: [progress("c9", 1, 2), progress("c9", 2, 2)],
      answer: ok(9, { content: [{ type: "text", text: "lift-off" }], isError: false }),
    }),
    post(10, "tools/call", { name: "countdown", arguments: { n: 100 }, _meta: { progressToken: "c10" } }, {
      type: "text/event-stream",
      extra: [progress("c10", 1, 100)],
      abort: true,
    }),
    post(11, "weather/forecast", {}, { status: 404, answer: fail(11, -32601, "Method not found") }),
    post(12, "tools/list", {}, { version: "2099-01-01", status: 400, answer: fail(12, -32022, "Unsupported protocol version", { supported: [V], requested: "2099-01-01" }) }),
  ];
}

/** The requirement of base.result-id-matches (a response answers a request the other side sent). */
const BASE_RESULT_ID = "BASE-006";
const at = (steps, id) => steps.find((step) => step.id === id);
const weather = (s) => at(s, 2);

write("good", "tran-http-session", session());

/**
 * A listen stream over streamable HTTP: the client asks for every list change; the stream (the listen POST's SSE
 * response) carries the acknowledgment and each list_changed under its subscription id; the tools listed before and
 * after differ; the client ends the subscription by closing the stream, and a list change after that draws no
 * notification (no stream is open to carry one).
 */
function subscriptionsSession() {
  const every = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };
  const on = { _meta: { "io.modelcontextprotocol/subscriptionId": 2 } };
  const changed = (kind) => ({ jsonrpc: "2.0", method: `notifications/${kind}/list_changed`, params: on });
  const capabilities = { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { listChanged: true } };
  return [
    post("d1", "server/discover", {}, { answer: ok("d1", { supportedVersions: [V], capabilities, ...cache }) }),
    post(1, "tools/list", {}, { answer: ok(1, { tools: [countdown], ...cache }) }),
    post(2, "subscriptions/listen", { notifications: every }, {
      type: "text/event-stream",
      extra: [{ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { ...on, notifications: every } }, changed("tools"), changed("prompts"), changed("resources")],
      abort: true,
    }),
    post(3, "tools/list", {}, { answer: ok(3, { tools: [countdown, translateV1], ...cache }) }),
    post(4, "tools/list", {}, { answer: ok(4, { tools: [countdown], ...cache }) }),
  ];
}
write("good", "subscriptions-http-session", subscriptionsSession());

const violations = {
  "tran-012-message-without-post": (s) => {
    const step = at(s, 7);
    s.splice(s.indexOf(step), 1, { raw: [
      { direction: "client-to-server", kind: "message", payload: step.body },
      { direction: "server-to-client", kind: "http", status: 200, headers: step.response },
      { direction: "server-to-client", kind: "message", payload: step.answer },
    ] });
  },
  "tran-060-accept-without-sse": (s) => (at(s, 7).request.accept = "application/json"),
  "tran-061-no-method-header": (s) => {
    delete at(s, 8).request["mcp-method"];
    Object.assign(at(s, 8), { status: 400, answer: fail(8, -32020, "Header mismatch: Mcp-Method is missing") });
  },
  "tran-062-post-body-batch": (s) => {
    const step = at(s, 7);
    step.body = [step.body];
    Object.assign(step, { status: 400, answer: fail(null, -32600, "Invalid Request: a POST body holds a single message") });
  },
  // A client notification POSTed (the transport's mechanics for one; 2026-07-28 defines none over HTTP) draws a body.
  "tran-064-notification-answered-200": (s) => s.splice(s.indexOf(at(s, 10)) + 1, 0, { raw: [
    { direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: { accept: "application/json, text/event-stream", "content-type": "application/json", "mcp-protocol-version": V, "mcp-method": "notifications/cancelled" } },
    { direction: "client-to-server", kind: "message", payload: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 10, reason: "No longer needed" } } },
    { direction: "server-to-client", kind: "http", status: 200, headers: { "content-type": "application/json" } },
  ] }),
  "tran-063-client-posts-response": (s) => s.splice(2, 0, { raw: [
    { direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: { accept: "application/json, text/event-stream", "content-type": "application/json", "mcp-protocol-version": V } },
    { direction: "client-to-server", kind: "message", payload: { jsonrpc: "2.0", id: "d1", result: { resultType: "complete" } } },
    { direction: "server-to-client", kind: "http", status: 202 },
  ] }),
  "tran-065-request-answered-as-text": (s) => (at(s, 7).response["content-type"] = "text/plain"),
  "tran-066-sse-buffered": (s) => delete at(s, 9).response["x-accel-buffering"],
  "tran-068-progress-after-stream-closed": (s) => (at(s, 10).late = [progress("c10", 2, 100)]),
  "tran-068-answer-after-stream-closed": (s) => (at(s, 10).late = [ok(10, { content: [{ type: "text", text: "lift-off" }], isError: false })]),
  "tran-069-no-version-header": (s) => {
    delete at(s, 8).request["mcp-protocol-version"];
    Object.assign(at(s, 8), { status: 400, answer: fail(8, -32020, "Header mismatch: MCP-Protocol-Version is missing") });
  },
  "tran-070-version-header-mismatch": (s) => {
    at(s, 8).request["mcp-protocol-version"] = "2025-11-25";
    Object.assign(at(s, 8), { status: 400, answer: fail(8, -32020, "Header mismatch: MCP-Protocol-Version") });
  },
  "tran-072-unsupported-version-as-200": (s) => (at(s, 12).status = 200),
  "tran-073-unknown-method-as-400": (s) => (at(s, 11).status = 400),
  "tran-061-no-name-header": (s) => {
    delete at(s, 7).request["mcp-name"];
    Object.assign(at(s, 7), { status: 400, answer: fail(7, -32020, "Header mismatch: Mcp-Name is missing") });
  },
  "tran-076-name-not-encoded": (s) => {
    const step = at(s, 8);
    step.body.params.name = "résumé";
    step.request["mcp-name"] = "rÃ©sumÃ©";
    Object.assign(step, { status: 400, answer: fail(8, -32020, "Header mismatch: Mcp-Name") });
  },
  "tran-077-param-not-mirrored": (s) => {
    delete weather(s).request["mcp-param-region"];
    Object.assign(weather(s), { status: 400, answer: fail(2, -32020, "Header mismatch: Mcp-Param-Region is missing") });
  },
  "tran-078-param-not-encoded": (s) => {
    weather(s).request["mcp-param-city"] = "KÃ¶ln";
    Object.assign(weather(s), { status: 400, answer: fail(2, -32020, "Header mismatch: Mcp-Param-City") });
  },
  "tran-080-markers-upper-case": (s) => {
    weather(s).request["mcp-param-city"] = b64("Köln").replace("=?base64?", "=?BASE64?");
    Object.assign(weather(s), { status: 400, answer: fail(2, -32020, "Header mismatch: Mcp-Param-City") });
  },
  "tran-081-encoded-value-refused": (s) => Object.assign(weather(s), { status: 400, answer: fail(2, -32020, "Header mismatch: Mcp-Param-City") }),
  "tran-082-sentinel-shaped-value-plain": (s) => {
    const step = weather(s);
    step.body.params.arguments.region = "=?base64?eu?=";
    step.request["mcp-param-region"] = "=?base64?eu?=";
    Object.assign(step, { status: 400, answer: fail(2, -32020, "Header mismatch: Mcp-Param-Region") });
  },
  "tran-083-method-header-differs": (s) => {
    at(s, 8).request["mcp-method"] = "prompts/list";
    Object.assign(at(s, 8), { status: 400, answer: fail(8, -32020, "Header mismatch: Mcp-Method") });
  },
  "tran-084-param-for-null-argument": (s) => (at(s, 3).request["mcp-param-region"] = "none"),
  "tran-090-header-mismatch-as-200": (s) => (at(s, 4).status = 200),
  // The server insists on the header of an annotated argument the client rightly left without one.
  "tran-112-null-param-header-expected": (s) => {
    const step = at(s, 3);
    step.body.params.arguments.days = 1;
    step.request["mcp-param-days"] = "1";
    Object.assign(step, { status: 400, answer: fail(3, -32020, "Header mismatch: Mcp-Param-Region is missing") });
  },
  "tran-113-absent-param-header-expected": (s) => {
    delete at(s, 3).body.params.arguments.region;
    Object.assign(at(s, 3), { status: 400, answer: fail(3, -32020, "Header mismatch: Mcp-Param-Days is missing") });
  },
  // The client sends the header of an annotated argument it left out (days).
  "tran-113-param-for-absent-argument": (s) => (at(s, 3).request["mcp-param-days"] = "7"),
  // "5.0" is 5 as a number; the server compares text.
  "tran-116-integer-compared-as-string": (s) => {
    const step = at(s, 3);
    Object.assign(step.body.params.arguments, { region: "eu-north1", days: 5 });
    Object.assign(step.request, { "mcp-param-region": "eu-north1", "mcp-param-days": "5.0" });
    Object.assign(step, { status: 400, answer: fail(3, -32020, "Header mismatch: Mcp-Param-Days") });
  },
  // Refused with a HeaderMismatch (a modern error), the client falls back to the legacy handshake all the same.
  "tran-138-fallback-after-modern-error": (s) => s.splice(s.indexOf(at(s, 4)) + 1, 0, { raw: [
    { direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: { accept: "application/json, text/event-stream", "content-type": "application/json", "mcp-protocol-version": "2025-11-25", "mcp-method": "initialize" } },
    { direction: "client-to-server", kind: "message", payload: { jsonrpc: "2.0", id: 13, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "example-client", version: "1.0.0" } } } },
    { direction: "server-to-client", kind: "http", status: 400, headers: { "content-type": "application/json" } },
    { direction: "server-to-client", kind: "message", payload: fail(13, -32602, "Invalid params: _meta io.modelcontextprotocol/protocolVersion is missing; this server supports 2026-07-28") },
  ] }),
  // A tool call's SSE response carries a tools list change (declared), which belongs on a subscriptions/listen stream.
  "tran-135-change-on-call-stream": (s) => {
    at(s, "d1").answer.result.capabilities.tools = { listChanged: true };
    at(s, 9).extra.push({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
  },
  // Refused for a header its old listing did not ask for, the client retries without listing the tools again.
  "tran-136-retry-without-relisting": (s) => s.splice(s.indexOf(at(s, 5)), 1),
  // The server's definition breaks an x-mcp-header constraint; the client calls the tool anyway.
  "tool-027-invalid-header-tool-called": (s) => {
    const weather = structuredClone(weatherV1);
    weather.inputSchema.properties.days.type = "number";
    for (const id of [1, 5]) at(s, id).answer.result.tools[0] = weather;
  },
  // A server can only serve a request whose headers break a rule if a client sent one: these traces break the
  // client's clause too, as co-violations.json records.
  "tran-071-version-mismatch-served": (s) => (at(s, 8).request["mcp-protocol-version"] = "2025-11-25"),
  "tran-074-no-version-header-served": (s) => delete at(s, 8).request["mcp-protocol-version"],
  "tran-085-invalid-param-served": (s) => {
    weather(s).body.params.arguments.region = "eu\u0007west1";
    weather(s).request["mcp-param-region"] = "eu\u0007west1";
  },
  "tran-086-param-mismatch-served": (s) => (weather(s).request["mcp-param-region"] = "us-east1"),
  "tran-087-no-name-header-served": (s) => delete at(s, 7).request["mcp-name"],
  "tran-089-method-header-differs-served": (s) => (at(s, 8).request["mcp-method"] = "prompts/list"),
};
const coViolations = {
  "tran-135-change-on-call-stream": { requirements: ["BASE-050", "TOOL-028"], why: "a change notification is a subscription's: off a subscriptions/listen stream it names no subscription and answers no listen that asked for it" },
  "tran-063-client-posts-response": { requirements: [BASE_RESULT_ID], why: "a client response on HTTP answers no request: in 2026-07-28 a server sends none" },
  "tran-071-version-mismatch-served": { requirements: ["TRAN-070"], why: "the mismatching header the server served is the client's" },
  "tran-074-no-version-header-served": { requirements: ["TRAN-069"], why: "the header the server did without is one the client left out" },
  "tran-085-invalid-param-served": { requirements: ["TRAN-078"], why: "the invalid characters the server accepted are the client's, sent without Base64" },
  "tran-086-param-mismatch-served": {
    requirements: ["TRAN-077", "TRAN-089"],
    why: "the mismatching Mcp-Param header the server served is the client's; serving it also breaks Server Validation, which covers every header",
  },
  "tran-087-no-name-header-served": { requirements: ["TRAN-061"], why: "the Mcp-Name header the server did without is one the client left out" },
  "tran-089-method-header-differs-served": { requirements: ["TRAN-083"], why: "the mismatching Mcp-Method header the server served is the client's" },
  "tran-138-fallback-after-modern-error": {
    requirements: ["BASE-045", "BASE-046"],
    why: "the initialize a client falls back to is a legacy request, without the modern _meta",
  },
  "tran-084-param-for-null-argument": { requirements: ["TRAN-112"], why: "a header for a null argument breaks Client Behavior's step and the Server Behavior table's row for a null value alike" },
  "tran-113-param-for-absent-argument": { requirements: ["TRAN-084"], why: "a header for an argument left out breaks the table's row and Client Behavior's step alike" },
  "tool-027-invalid-header-tool-called": { requirements: ["TOOL-024"], why: "the tool the client should have left out is one whose definition the server got wrong" },
};
for (const [name, edit] of Object.entries(violations)) {
  const steps = session();
  edit(steps);
  write("violations", name, steps);
}
writeCoViolations(coViolations);
console.log(`gen-2026-http: 1 good, ${Object.keys(violations).length} violations`);
