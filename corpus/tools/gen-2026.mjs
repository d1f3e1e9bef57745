// Writes corpus/2026-07-28/: the good stdio session (discover, tools with a multi round-trip call, resources,
// prompts, a subscription) and one violation trace per 2026-07-28 check, each the good session with one defect.
// No SDK speaks 2026-07-28 yet, so these sessions are written from the spec's own examples. Run:
// node corpus/tools/gen-2026.mjs
import { at, cache, caps, deprecatedCaps, deprecatedRounds, meta, note, prompt, req, res, serverInfo, session, V, write, writeCoViolations } from "./session-2026.mjs";

write("good", "base-stdio-session", session());
// Conforming but for the deprecated Sampling and Roots it uses: the DEPR warnings are all it may draw (checks/DESIGN.md).
write("good", "deprecated-features-session", session({ deprecated: true }));

const LOG_LEVEL = "io.modelcontextprotocol/logLevel";
/** The tools/call with invalid input asks for log messages at "info" and draws one. */
function logged(s) {
  s[at(s, "c", 50)].c.params._meta[LOG_LEVEL] = "info";
  s.splice(at(s, "s", 50), 0, note("notifications/message", { level: "info", logger: "weather", data: "city is missing" }));
}

/** Adds a property to get_weather's inputSchema (both listings). */
function annotate(s, name, schema) {
  for (const id of [1, 9]) {
    const [weather, ...rest] = s[at(s, "s", id)].s.result.tools;
    const inputSchema = { ...weather.inputSchema, properties: { ...weather.inputSchema.properties, [name]: schema } };
    s[at(s, "s", id)].s.result.tools = [{ ...weather, inputSchema }, ...rest];
  }
}

/** The subscriptions/listen stream (id 8) also asks for, and is acknowledged, this notification type. */
function listenFor(s, field) {
  s[at(s, "c", 8)].c.params.notifications[field] = true;
  s.find((x) => x.s?.method === "notifications/subscriptions/acknowledged").s.params.notifications[field] = true;
}

const violations = {
  // BASE
  "base-037-id-reused-in-flight": (s) => {
    const i = at(s, "c", 5);
    const [list, listed, read, contents] = s.slice(i, i + 4);
    read.c.id = 5;
    contents.s.id = 5;
    s.splice(i, 4, list, read, listed, contents);
  },
  "base-004-request-id-null": (s) =>
    s.splice(at(s, "s", 7) + 1, 0, { c: { jsonrpc: "2.0", id: null, method: "prompts/list", params: { _meta: meta() } } }, { s: { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: id must not be null" } } }),
  "base-007-response-without-result": (s) => s.splice(at(s, "s", 6), 0, { s: { jsonrpc: "2.0", id: 6 } }),
  "base-038-no-result-type": (s) => delete s[at(s, "s", 4)].s.result.resultType,
  "base-040-legacy-error-code": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32001, message: "Weather service down" } } }),
  "base-041-reserved-error-code": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32050, message: "Weather service down" } } }),
  "base-042-withdrawn-error-code": (s) => (s[at(s, "s", 6)] = { s: { jsonrpc: "2.0", id: 6, error: { code: -32002, message: "Resource not found" } } }),
  "base-045-protocol-version-missing": (s) => {
    const i = at(s, "c", 7);
    delete s[i].c.params._meta["io.modelcontextprotocol/protocolVersion"];
    s[i + 1] = { s: { jsonrpc: "2.0", id: 7, error: { code: -32602, message: "Missing protocol version" } } };
  },
  "base-046-no-client-info": (s) => delete s[at(s, "c", 7)].c.params._meta["io.modelcontextprotocol/clientInfo"],
  "base-048-capability-error-without-data": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32021, message: "Missing required client capability" } } }),
  // The schema types data.requiredCapabilities as ClientCapabilities (schema.ts, and the spec's own example), not a list.
  "base-048-capability-error-data-as-list": (s) => (s[at(s, "s", 22)].s.error.data = { requiredCapabilities: ["elicitation"] }),
  "base-049-no-server-info": (s) => delete s[at(s, "s", 7)].s.result._meta,
  "base-050-no-subscription-id": (s) => delete s.find((x) => x.s?.method === "notifications/tools/list_changed").s.params._meta,
  "base-051-bad-traceparent": (s) => (s[at(s, "c", 7)].c.params._meta.traceparent = "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7"),
  "base-033-error-message-stack-trace": (s) =>
    (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32603, message: "Error: boom\n    at Weather.handle (/srv/tools/weather.js:12:11)\n    at Server.dispatch (/srv/server.js:88:20)" } } }),
  // TOOL, RES, PROM, PAGE (clauses restated from 2025-11-25)
  "tool-001-tools-not-declared": (s) => delete s[at(s, "s", "d1")].s.result.capabilities.tools,
  "tool-003-input-schema-missing": (s) => delete s[at(s, "s", 1)].s.result.tools[1].inputSchema,
  "base-021-input-schema-not-json-schema": (s) => (s[at(s, "s", 1)].s.result.tools[0].inputSchema.properties.city.type = "strnig"),
  "tool-010-structured-content-not-serialized": (s) => (s[at(s, "s", 4)].s.result.structuredContent = { celsius: 18, sky: "clear" }),
  "tool-011-structured-content-breaks-output-schema": (s) => {
    s[at(s, "s", 1)].s.result.tools[0].outputSchema = { type: "object", properties: { celsius: { type: "number" } }, required: ["celsius"] };
    s[at(s, "s", 4)].s.result.content = [{ type: "text", text: '{"celsius":"18"}' }];
    s[at(s, "s", 4)].s.result.structuredContent = { celsius: "18" };
    s[at(s, "s", 31)].s.result.content = [{ type: "text", text: '{"celsius":24}' }];
    s[at(s, "s", 31)].s.result.structuredContent = { celsius: 24 };
  },
  "res-001-resources-not-declared": (s) => {
    delete s[at(s, "s", "d1")].s.result.capabilities.resources;
    s[at(s, "s", 51)].s.result.content.pop();
  },
  "res-005-uri-not-rfc3986": (s) => (s[at(s, "s", 5)].s.result.resources[0].uri = "weather://project/my config.json"),
  "res-010-blob-not-base64": (s) => (s[at(s, "s", 6)].s.result.contents = [{ uri: "file:///project/config.json", mimeType: "application/octet-stream", blob: "e30=\n!!" }]),
  "prom-013-prompts-not-declared": (s) => delete s[at(s, "s", "d1")].s.result.capabilities.prompts,
  // The server declares tools without listChanged, then notifies a tools list change on the listen stream.
  "prom-013-list-changed-not-declared": (s) => (s[at(s, "s", "d1")].s.result.capabilities.tools = {}),
  "prom-003-image-mime-type-invalid": (s) => (s[at(s, "s", 40)].s.result.messages[2].content.mimeType = "png"),
  "prom-005-embedded-resource-without-uri": (s) => delete s[at(s, "s", 40)].s.result.messages[1].content.resource.uri,
  "prom-006-embedded-resource-without-mime-type": (s) => delete s[at(s, "s", 40)].s.result.messages[1].content.resource.mimeType,
  "prom-007-embedded-resource-text-and-blob": (s) => (s[at(s, "s", 40)].s.result.messages[1].content.resource.blob = "e30="),
  "prom-008-unknown-prompt-answered": (s) => (s[at(s, "c", 40)].c.params.name = "summarize"),
  "prom-009-required-arguments-omitted": (s) => delete s[at(s, "c", 40)].c.params.arguments,
  "page-006-cursor-not-issued": (s) => {
    s[at(s, "c", 2)].c.params.cursor = "page-9";
    s[at(s, "s", 2)] = { s: { jsonrpc: "2.0", id: 2, error: { code: -32602, message: "Invalid cursor" } } };
  },
  // restated JSON-RPC, _meta naming, tool-name and progress clauses, in 2026 shape
  "base-002-jsonrpc-version": (s) => (s[at(s, "c", 5)].c.jsonrpc = "1.0"),
  "base-003-request-id-fraction": (s) => {
    s[at(s, "s", 5)].s.id = 5.5;
    s[at(s, "c", 5)].c.id = 5.5;
  },
  "base-008-result-not-object": (s) => (s[at(s, "s", 6)].s.result = "{}"),
  "base-009-error-unknown-id": (s) => s.splice(at(s, "s", 6) + 1, 0, { s: { jsonrpc: "2.0", id: 42, error: { code: -32603, message: "Internal error" } } }),
  "base-010-error-without-message": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32603 } } }),
  "base-011-error-code-not-integer": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: "INTERNAL", message: "Weather service down" } } }),
  "base-013-notification-with-id": (s) =>
    s.splice(at(s, "s", 6) + 1, 0, { c: { jsonrpc: "2.0", id: 99, method: "notifications/cancelled", params: { _meta: meta(), requestId: 6, reason: "late" } } }),
  "base-015-schema-invalid-prompt": (s) => (s[at(s, "s", 7)].s.result.prompts = [{ ...s[at(s, "s", 7)].s.result.prompts[0], description: 7 }]),
  "base-023-meta-prefix-empty-label": (s) => (s[at(s, "c", 5)].c.params._meta["com..example/trace"] = "x"),
  "base-024-meta-prefix-label-digit": (s) => (s[at(s, "c", 5)].c.params._meta["1com.example/trace"] = "x"),
  "base-026-meta-name-edge": (s) => (s[at(s, "c", 5)].c.params._meta["com.example/-trace"] = "x"),
  "base-027-meta-name-space": (s) => (s[at(s, "c", 5)].c.params._meta["com.example/trace id"] = "x"),
  "tool-004-name-too-long": (s) => s[at(s, "s", 1)].s.result.tools.push({ ...s[at(s, "s", 1)].s.result.tools[0], name: "w".repeat(129) }),
  "tool-006-name-charset": (s) => s[at(s, "s", 1)].s.result.tools.push({ ...s[at(s, "s", 1)].s.result.tools[0], name: "get,forecast" }),
  "tool-006-name-with-space": (s) => s[at(s, "s", 1)].s.result.tools.push({ ...s[at(s, "s", 1)].s.result.tools[0], name: "get forecast" }),
  "tool-008-name-duplicated": (s) => s[at(s, "s", 1)].s.result.tools.push({ ...s[at(s, "s", 1)].s.result.tools[0] }),
  "prog-003-progress-decreases": (s) => {
    const i = at(s, "c", 4);
    s[i].c.params._meta.progressToken = "p4";
    s.splice(i + 1, 0, note("notifications/progress", { progressToken: "p4", progress: 50, total: 100 }), note("notifications/progress", { progressToken: "p4", progress: 30, total: 100 }));
  },
  // COMP, PAGE, PROM, TOOL, TRAN, CANC, PROG (clauses restated from 2025-11-25)
  "comp-001-completions-not-declared": (s) => delete s[at(s, "s", "d1")].s.result.capabilities.completions,
  "comp-003-unknown-prompt-answered": (s) => (s[at(s, "c", 60)].c.params.ref.name = "summarize"),
  "comp-017-too-many-values": (s) => {
    const completion = s[at(s, "s", 60)].s.result.completion;
    completion.values = Array.from({ length: 101 }, (_, n) => `The config file, part ${n}.`);
    completion.total = 101;
  },
  "page-003-invalid-cursor-unanswered": (s) => s.splice(at(s, "s", 61), 1),
  "page-007-invalid-cursor-accepted": (s) => (s[at(s, "s", 61)] = res(61, { prompts: [prompt], ...cache })),
  "prom-004-audio-mime-type-invalid": (s) => (s[at(s, "s", 40)].s.result.messages[3].content.mimeType = "wav"),
  "tool-009-embedded-resource-without-resources": (s) => {
    delete s[at(s, "s", "d1")].s.result.capabilities.resources;
    s.splice(at(s, "c", 5), 4);
    const listen = s[at(s, "c", 8)].c.params.notifications;
    delete listen.resourceSubscriptions;
    const ack = s.find((x) => x.s?.method === "notifications/subscriptions/acknowledged").s.params.notifications;
    delete ack.resourceSubscriptions;
    s.splice(s.findIndex((x) => x.s?.method === "notifications/resources/updated"), 1);
  },
  "tool-012-invalid-input-accepted": (s) => (s[at(s, "s", 50)].s.result = { ...s[at(s, "s", 50)].s.result, content: [{ type: "text", text: "18°C, clear" }], isError: false }),
  "tran-001-invalid-utf8": (s) => {
    const step = s[at(s, "s", 1)];
    step.invalidUtf8 = true;
    step.s.result.tools[0].description = "Current weather in \ufffd city";
  },
  "tran-005-server-stdout-log-line": (s) => s.splice(at(s, "s", 1), 0, { sRaw: "weather server: listing tools" }),
  "tran-006-client-stdin-not-json": (s) => s.splice(at(s, "c", 1), 0, { cRaw: "hello?" }),
  "tran-091-cancel-without-request-id": (s) => delete s.find((x) => x.c?.method === "notifications/cancelled").c.params.requestId,
  "tran-091-cancel-unissued-request": (s) => (s.find((x) => x.c?.method === "notifications/cancelled").c.params.requestId = 53),
  "canc-005-progress-after-cancel": (s) => s.splice(at(s, "c", 5), 0, note("notifications/progress", { progressToken: "p52", progress: 2 })),
  "canc-007-response-after-cancel": (s) => s.splice(at(s, "c", 5), 0, res(52, { content: [{ type: "text", text: "20°C" }], isError: false })),
  "canc-016-cancel-after-response": (s) =>
    s.splice(at(s, "c", 5), 0, { c: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 50, reason: "Too slow" } } }),
  "prog-005-unknown-token": (s) => s.splice(at(s, "s", 51), 0, note("notifications/progress", { progressToken: "p49", progress: 1 })),
  "prog-011-progress-after-completion": (s) => {
    const i = at(s, "s", 51);
    const [last] = s.splice(i - 1, 1);
    s.splice(i, 0, last);
  },
  // ELIC, ROOT, SAMP: input requests of a multi round-trip call (clauses restated from 2025-11-25)
  "elic-001-form-asks-for-password": (s) => {
    const units = s[at(s, "s", 3)].s.result.inputRequests.units;
    s[at(s, "s", 3)].s.result.inputRequests.units = { ...units, params: { ...units.params, requestedSchema: { type: "object", properties: { password: { type: "string" } }, required: ["password"] } } };
    s[at(s, "c", 4)].c.params.inputResponses.units = { action: "accept", content: { password: "hunter2" } };
  },
  "elic-009-undeclared-mode-sent": (s) => {
    const first = at(s, "c", 70);
    s[first].c.params._meta = meta({ "io.modelcontextprotocol/clientCapabilities": { ...caps, elicitation: { form: {} } } });
  },
  "elic-041-form-with-clickable-url": (s) => {
    const units = s[at(s, "s", 3)].s.result.inputRequests.units;
    s[at(s, "s", 3)].s.result.inputRequests.units = { ...units, params: { ...units.params, message: "Which units? See https://weather.example.com/units" } };
  },
  "elic-042-url-not-https": (s) => (s[at(s, "s", 70)].s.result.inputRequests.signin.params.url = "http://weather.example.com/login"),
  "elic-054-accepted-content-off-schema": (s) => (s[at(s, "c", 4)].c.params.inputResponses = { units: { action: "accept", content: { units: 5 } } }),
  "elic-061-content-with-decline": (s) => (s[at(s, "c", 4)].c.params.inputResponses = { units: { action: "decline", content: { units: "metric" } } }),
  "root-003-root-not-file-uri": (s) => (s[at(s, "c", 71)].c.params.inputResponses.workspace = { roots: [{ uri: "https://example.com/project", name: "project" }] }),
  "root-017-roots-requested-undeclared": (s) => {
    const { roots, ...declared } = deprecatedCaps;
    for (const id of [70, 71, 72]) s[at(s, "c", id)].c.params._meta = meta({ "io.modelcontextprotocol/clientCapabilities": declared });
  },
  "samp-006-tools-sent-undeclared": (s) => {
    for (const id of [70, 71, 72]) s[at(s, "c", id)].c.params._meta = meta({ "io.modelcontextprotocol/clientCapabilities": { ...deprecatedCaps, sampling: {} } });
  },
  "samp-008-include-context-undeclared": (s) => (s[at(s, "s", 70)].s.result.inputRequests.forecast.params.includeContext = "thisServer"),
  "samp-009-tool-results-mixed": (s) => {
    const messages = s[at(s, "s", 71)].s.result.inputRequests.forecast.params.messages;
    messages[2] = { role: "user", content: [...messages[2].content, { type: "text", text: "Answer briefly." }] };
  },
  "samp-010-tool-use-unanswered": (s) => s[at(s, "s", 71)].s.result.inputRequests.forecast.params.messages.splice(2, 1, { role: "user", content: { type: "text", text: "Go on." } }),
  "samp-011-required-tool-choice-ignored": (s) => {
    s[at(s, "c", 71)].c.params.inputResponses.forecast = { role: "assistant", content: { type: "text", text: "Probably rain." }, model: "example-model", stopReason: "endTurn" };
  },
  "samp-012-none-tool-choice-ignored": (s) => {
    s[at(s, "c", 72)].c.params.inputResponses.forecast = { ...deprecatedRounds.firstAnswers.forecast, content: [{ type: "tool_use", id: "call_2", name: "lookup_station", input: { city: "Oslo" } }] };
  },
  "samp-029-tool-result-without-tool-use": (s) => {
    const messages = s[at(s, "s", 71)].s.result.inputRequests.forecast.params.messages;
    messages[2] = { role: "user", content: [...messages[2].content, { type: "tool_result", toolUseId: "call_9", content: [{ type: "text", text: "Station 1" }] }] };
  },
  // DEPR: deprecated features adopted (every trace that uses Sampling, Roots or Logging draws these warnings)
  "depr-002-roots-adopted": (s) => {
    for (const step of s) if (step.c?.params?._meta) step.c.params._meta["io.modelcontextprotocol/clientCapabilities"] = { ...caps, roots: {} };
  },
  "depr-003-sampling-adopted": (s) => {
    for (const step of s) if (step.c?.params?._meta) step.c.params._meta["io.modelcontextprotocol/clientCapabilities"] = { ...caps, sampling: {} };
  },
  "depr-004-logging-adopted": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.logging = {};
    logged(s);
  },
  // LOG (2026-07-28 asks for log messages per request, in _meta io.modelcontextprotocol/logLevel)
  "log-001-logging-not-declared": (s) => logged(s),
  "log-016-message-not-asked-for": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.logging = {};
    logged(s);
    delete s[at(s, "c", 50)].c.params._meta[LOG_LEVEL];
  },
  // LOG-018: a request whose _meta logLevel is no recognised level, served instead of rejected.
  "log-018-invalid-level-accepted": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.logging = {};
    s[at(s, "c", 50)].c.params._meta[LOG_LEVEL] = "verbose";
  },
  "log-017-message-on-subscription": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.logging = {};
    s[at(s, "c", 8)].c.params._meta[LOG_LEVEL] = "info";
    const i = s.findIndex((x) => x.s?.method === "notifications/tools/list_changed");
    s.splice(i, 0, note("notifications/message", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 }, level: "info", data: "tools changed" }));
  },
  // TOOL: deterministic order and x-mcp-header annotations (new in 2026-07-28)
  "tool-018-tools-order-changes": (s) => s[at(s, "s", 9)].s.result.tools.reverse(),
  "tool-019-header-param-sensitive": (s) => annotate(s, "api_key", { type: "string", "x-mcp-header": "Api-Key" }),
  "tool-020-header-name-empty": (s) => annotate(s, "zone", { type: "string", "x-mcp-header": "" }),
  "tool-021-header-name-not-token": (s) => annotate(s, "zone", { type: "string", "x-mcp-header": "Zone Name" }),
  "tool-022-header-name-control": (s) => annotate(s, "zone", { type: "string", "x-mcp-header": "Zone\u0007" }),
  "tool-023-header-name-repeated": (s) => annotate(s, "station_id", { type: "string", "x-mcp-header": "station" }),
  "tool-024-header-param-number": (s) => annotate(s, "latitude", { type: "number", "x-mcp-header": "Latitude" }),
  "tool-025-header-integer-unsafe": (s) => {
    s[at(s, "c", 3)].c.params.arguments.station = 2 ** 53;
    s[at(s, "c", 4)].c.params.arguments.station = 2 ** 53;
  },
  "tool-026-header-param-unreachable": (s) => annotate(s, "stations", { type: "array", items: { type: "string", "x-mcp-header": "Station-Name" } }),
  // TOOL, PROM, RES: list_changed notifications travel on a subscriptions/listen stream that asked for them (2026-07-28)
  "tool-028-list-changed-after-stream-closed": (s) => s.push(...s.splice(s.findIndex((x) => x.s?.method === "notifications/tools/list_changed"), 1)),
  "tool-028-listing-changed-unnotified": (s) => {
    const i = s.findIndex((x) => x.s?.method === "notifications/tools/list_changed");
    s.splice(i, 1, req(10, "tools/list"), res(10, { tools: [s[at(s, "s", 1)].s.result.tools[0]], ...cache }));
  },
  "prom-015-list-changed-after-stream-closed": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.prompts = { listChanged: true };
    listenFor(s, "promptsListChanged");
    s.push(note("notifications/prompts/list_changed", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 } }));
  },
  "res-002-list-changed-off-stream": (s) => {
    s[at(s, "s", "d1")].s.result.capabilities.resources.listChanged = true;
    listenFor(s, "resourcesListChanged");
    const i = s.findIndex((x) => x.s?.method === "notifications/tools/list_changed");
    s.splice(i, 0, note("notifications/resources/list_changed", { _meta: { "io.modelcontextprotocol/subscriptionId": 5 } }));
  },
  // VER
  "ver-001-unsupported-version-served": (s) => (s[at(s, "c", 7)].c.params._meta["io.modelcontextprotocol/protocolVersion"] = "2099-01-01"),
  "ver-002-retry-with-unlisted-version": (s) => {
    const i = at(s, "c", 7);
    s[i].c.params._meta["io.modelcontextprotocol/protocolVersion"] = "2099-01-01";
    s[i + 1] = { s: { jsonrpc: "2.0", id: 7, error: { code: -32022, message: "Unsupported protocol version", data: { supported: [V], requested: "2099-01-01" } } } };
    const retry = req(9, "prompts/list");
    retry.c.params._meta["io.modelcontextprotocol/protocolVersion"] = "2098-01-01";
    s.splice(i + 2, 0, retry, { s: { jsonrpc: "2.0", id: 9, error: { code: -32022, message: "Unsupported protocol version", data: { supported: [V] } } } });
  },
  "ver-001-unsupported-version-without-data": (s) => delete s[at(s, "s", 20)].s.error.data,
  "ver-003-discover-not-implemented": (s) => {
    s.splice(0, 2, req("d1", "server/discover"), { s: { jsonrpc: "2.0", id: "d1", error: { code: -32601, message: "Method not found" } } }, req("d2", "server/discover"), s[1]);
    s[3].s.id = "d2";
  },
  "ver-007-discover-without-server-info": (s) => delete s[at(s, "s", "d1")].s.result._meta,
  "ver-004-extension-without-prefix": (s) => (s[at(s, "s", "d1")].s.result.capabilities.extensions = { ui: {} }),
  // MRTR
  "mrtr-002-input-required-on-list": (s) => (s[at(s, "s", 5)] = { s: { jsonrpc: "2.0", id: 5, result: { resultType: "input_required", _meta: serverInfo, requestState: "x" } } }),
  "mrtr-003-input-required-empty": (s) => {
    const r = s[at(s, "s", 3)].s.result;
    delete r.inputRequests;
    delete r.requestState;
    delete s[at(s, "c", 4)].c.params.requestState;
  },
  "mrtr-004-input-request-kind": (s) => (s[at(s, "s", 3)].s.result.inputRequests.units = { method: "tools/call", params: { name: "x" } }),
  "mrtr-005-input-request-undeclared": (s) => (s[at(s, "c", 3)].c.params._meta["io.modelcontextprotocol/clientCapabilities"] = { sampling: {} }),
  "mrtr-008-retry-without-inputs": (s) => (s[at(s, "c", 4)].c.params.inputResponses = {}),
  "mrtr-009-retry-state-altered": (s) => (s[at(s, "c", 4)].c.params.requestState = "state-abd"),
  "mrtr-010-retry-invents-state": (s) => delete s[at(s, "s", 3)].s.result.requestState,
  "mrtr-011-retry-same-id": (s) => {
    const i = at(s, "c", 4);
    s[i].c.id = 3;
    s[i + 1].s.id = 3;
  },
  "mrtr-012-state-on-other-request": (s) => (s[at(s, "c", 5)].c.params.requestState = "state-abc"),
  // SUB
  "sub-001-unrequested-notification": (s) => (s.find((x) => x.s?.method === "notifications/resources/updated").s.params.uri = "file:///project/other.json"),
  "sub-002-notification-before-ack": (s) => {
    const i = s.findIndex((x) => x.s?.method === "notifications/subscriptions/acknowledged");
    [s[i], s[i + 1]] = [s[i + 1], s[i]];
  },
  // CACHE
  "cache-001-no-caching-hints": (s) => delete s[at(s, "s", 5)].s.result.ttlMs,
  "cache-002-negative-ttl": (s) => (s[at(s, "s", 5)].s.result.ttlMs = -1),
  "cache-003-page-scope-changes": (s) => (s[at(s, "s", 2)].s.result.cacheScope = "private"),
  // TRAN
  "tran-057-server-request": (s) => s.splice(at(s, "s", 4), 0, { s: { jsonrpc: "2.0", id: "srv-1", method: "roots/list", params: {} } }),
};
writeCoViolations({
  "log-018-invalid-level-accepted": { requirements: ["BASE-015"], why: "a logLevel outside LoggingLevel breaks the schema of the client's request too" },
  "base-004-request-id-null": { requirements: ["TRAN-006"], why: "a request with a null id is no JSON-RPC message, so neither is the line the client wrote to stdin" },
  "base-007-response-without-result": { requirements: ["TRAN-005"], why: "a response with neither result nor error is no JSON-RPC message, so neither is the line the server wrote to stdout" },
  "tran-091-cancel-without-request-id": { requirements: ["BASE-015"], why: "the schema's CancelledNotificationParams requires requestId too" },
  "comp-017-too-many-values": { requirements: ["BASE-015"], why: "the schema's CompleteResult caps values at 100 items too" },
  "mrtr-005-input-request-undeclared": {
    requirements: ["ELIC-009"],
    why: "an elicitation input request to a request that declared no elicitation capability uses a mode the client did not declare",
  },
  "tool-022-header-name-control": {
    requirements: ["TOOL-021"],
    why: "a control character is no tchar either, so the name is no HTTP token",
  },
  "root-017-roots-requested-undeclared": {
    requirements: ["MRTR-005", "BASE-047"],
    why: "a roots/list input request to a client that declared no roots capability is also an input request it did not declare",
  },
});
/** Violations of clauses about Sampling and Roots edit the session that uses them (a server request: roots/list). */
const usesDeprecated = (name) => /^(root|samp)-|^tran-057-/.test(name);
for (const [name, edit] of Object.entries(violations)) {
  const steps = structuredClone(session({ deprecated: usesDeprecated(name) }));
  edit(steps);
  write("violations", name, steps);
}
console.log(`gen-2026: 2 good, ${Object.keys(violations).length} violations`);
