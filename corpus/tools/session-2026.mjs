// The 2026-07-28 corpus's building blocks, shared by the generators of corpus/2026-07-28/ (gen-2026.mjs and any
// other 2026 generator): the good stdio session as a list of steps ({c: message} from the client, {s: message} from
// the server; {cRaw}/{sRaw}: a line that is no JSON-RPC message; invalidUtf8 on a server step: the recorder found its bytes
// were not valid UTF-8), helpers to build 2026-shaped requests and results (`_meta` on every request, resultType on every
// result), and `write`, which turns steps into a trace file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const out = join(dirname(fileURLToPath(import.meta.url)), "..", "2026-07-28");
export const V = "2026-07-28";
export const serverInfo = { "io.modelcontextprotocol/serverInfo": { name: "example-server", version: "1.0.0" } };
export const caps = { elicitation: { form: {}, url: {} } };
/** The client capabilities of the session that also uses the deprecated Sampling and Roots (deprecated.mdx). */
export const deprecatedCaps = { ...caps, sampling: { tools: {} }, roots: {} };
/** The client capabilities the session being built declares (session() sets them). */
let declared = caps;
export const meta = (extra = {}) => ({
  "io.modelcontextprotocol/protocolVersion": V,
  "io.modelcontextprotocol/clientInfo": { name: "example-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": declared,
  ...extra,
});
export const req = (id, method, params = {}) => ({ c: { jsonrpc: "2.0", id, method, params: { _meta: meta(), ...params } } });
export const res = (id, result) => ({ s: { jsonrpc: "2.0", id, result: { resultType: "complete", _meta: serverInfo, ...result } } });
export const note = (method, params) => ({ s: { jsonrpc: "2.0", method, params } });
export const cache = { ttlMs: 60000, cacheScope: "public" };
export const prompt = { name: "summarise", description: "Summarise a text", arguments: [{ name: "text", required: true }] };
export const tool = {
  name: "get_weather",
  description: "Current weather",
  inputSchema: { type: "object", properties: { city: { type: "string" }, station: { type: "integer", "x-mcp-header": "Station" } }, required: ["city"] },
};
export const forecastTool = { name: "get_forecast", description: "Forecast for the coming days", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
export const lookup = { name: "lookup_station", description: "Finds the weather station of a city", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
const ask = { role: "user", content: { type: "text", text: "Forecast for Bergen?" } };
const useTool = { role: "assistant", content: [{ type: "tool_use", id: "call_1", name: "lookup_station", input: { city: "Bergen" } }] };
/**
 * The input requests of a tools/call that needs a sign-in (URL elicitation) and, in the session that uses deprecated
 * features, a model (sampling with tools) and the client's roots.
 */
export const rounds = {
  first: {
    signin: { method: "elicitation/create", params: { mode: "url", message: "Sign in to the weather service", url: "https://weather.example.com/login", elicitationId: "signin-1" } },
  },
  firstAnswers: { signin: { action: "accept" } },
};
export const deprecatedRounds = {
  first: {
    forecast: { method: "sampling/createMessage", params: { messages: [ask], tools: [lookup], toolChoice: { mode: "required" }, maxTokens: 200 } },
    workspace: { method: "roots/list", params: {} },
    ...rounds.first,
  },
  firstAnswers: {
    forecast: { role: "assistant", content: useTool.content, model: "example-model", stopReason: "toolUse" },
    workspace: { roots: [{ uri: "file:///project", name: "project" }] },
    ...rounds.firstAnswers,
  },
  second: {
    forecast: {
      method: "sampling/createMessage",
      params: {
        messages: [ask, useTool, { role: "user", content: [{ type: "tool_result", toolUseId: "call_1", content: [{ type: "text", text: "Station 50540" }] }] }],
        tools: [lookup],
        toolChoice: { mode: "none" },
        maxTokens: 200,
      },
    },
  },
  secondAnswers: { forecast: { role: "assistant", content: { type: "text", text: "Rain, 9°C" }, model: "example-model", stopReason: "endTurn" } },
};
export const elicit = { method: "elicitation/create", params: { mode: "form", message: "Which units?", requestedSchema: { type: "object", properties: { units: { type: "string" } }, required: ["units"] } } };

/**
 * The good session, as a list of steps; each violation edits a copy. With `deprecated`, the client also declares
 * Sampling and Roots and the multi round-trip call also asks for them, and the server logs (the invalid call asks
 * for log messages and draws one): a conforming session that uses deprecated features (it draws the DEPR warnings
 * and nothing else).
 */
export function session({ deprecated = false } = {}) {
  declared = deprecated ? deprecatedCaps : caps;
  const call = (id) => req(id, "tools/call", { name: "get_weather", arguments: { city: "Bergen" } }).c;
  const more = deprecated ? deprecatedRounds : rounds;
  const bergen = deprecated
    ? [
        { c: { ...call(71), params: { ...call(71).params, inputResponses: more.firstAnswers, requestState: "state-70" } } },
        { s: { jsonrpc: "2.0", id: 71, result: { resultType: "input_required", _meta: serverInfo, inputRequests: more.second, requestState: "state-71" } } },
        { c: { ...call(72), params: { ...call(72).params, inputResponses: more.secondAnswers, requestState: "state-71" } } },
      ]
    : [{ c: { ...call(72), params: { ...call(72).params, inputResponses: more.firstAnswers, requestState: "state-70" } } }];
  return [
    req("d1", "server/discover"),
    res("d1", { supportedVersions: [V], capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, prompts: {}, completions: {}, ...(deprecated ? { logging: {} } : {}), extensions: { "io.modelcontextprotocol/ui": {} } }, ...cache }),
    { c: { jsonrpc: "2.0", id: 20, method: "prompts/list", params: { _meta: meta({ "io.modelcontextprotocol/protocolVersion": "2099-01-01" }) } } },
    { s: { jsonrpc: "2.0", id: 20, error: { code: -32022, message: "Unsupported protocol version", data: { supported: [V], requested: "2099-01-01" } } } },
    req(21, "prompts/list"),
    res(21, { prompts: [prompt], ...cache }),
    { c: { jsonrpc: "2.0", id: 22, method: "tools/call", params: { _meta: meta({ "io.modelcontextprotocol/clientCapabilities": {}, traceparent: "00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01" }), name: "get_weather", arguments: { city: "Oslo" } } } },
    { s: { jsonrpc: "2.0", id: 22, error: { code: -32021, message: "Missing required client capability", data: { requiredCapabilities: { elicitation: {} } } } } },
    req(1, "tools/list"),
    res(1, { tools: [tool, forecastTool], nextCursor: "page-2", ...cache }),
    req(2, "tools/list", { cursor: "page-2" }),
    res(2, { tools: [], ...cache }),
    req(3, "tools/call", { name: "get_weather", arguments: { city: "Paris", station: 7150 } }),
    { s: { jsonrpc: "2.0", id: 3, result: { resultType: "input_required", _meta: serverInfo, inputRequests: { units: elicit }, requestState: "state-abc" } } },
    req(4, "tools/call", { name: "get_weather", arguments: { city: "Paris", station: 7150 }, inputResponses: { units: { action: "accept", content: { units: "metric" } } }, requestState: "state-abc" }),
    res(4, { content: [{ type: "text", text: "18°C, clear" }], isError: false }),
    req(30, "tools/call", { name: "get_weather", arguments: { city: "Rome" } }),
    { s: { jsonrpc: "2.0", id: 30, result: { resultType: "input_required", _meta: serverInfo, inputRequests: { units: elicit } } } },
    req(31, "tools/call", { name: "get_weather", arguments: { city: "Rome" }, inputResponses: { units: { action: "accept", content: { units: "metric" } } } }),
    res(31, { content: [{ type: "text", text: "24°C, sunny" }], isError: false }),
    req(9, "tools/list"),
    res(9, { tools: [tool, forecastTool], nextCursor: "page-2", ...cache }),
    deprecated
      ? { c: { jsonrpc: "2.0", id: 50, method: "tools/call", params: { _meta: meta({ "io.modelcontextprotocol/logLevel": "info" }), name: "get_weather", arguments: {} } } }
      : req(50, "tools/call", { name: "get_weather", arguments: {} }),
    ...(deprecated ? [note("notifications/message", { level: "warning", logger: "weather", data: "city is missing" })] : []),
    res(50, { content: [{ type: "text", text: "Missing argument: city" }], isError: true }),
    { c: { jsonrpc: "2.0", id: 51, method: "tools/call", params: { _meta: meta({ progressToken: "p51" }), name: "get_weather", arguments: { city: "Oslo" } } } },
    note("notifications/progress", { progressToken: "p51", progress: 1, total: 2 }),
    note("notifications/progress", { progressToken: "p51", progress: 2, total: 2 }),
    res(51, { content: [{ type: "text", text: "12°C, rain" }, { type: "resource", resource: { uri: "file:///project/config.json", mimeType: "application/json", text: "{}" } }], isError: false }),
    { c: { jsonrpc: "2.0", id: 52, method: "tools/call", params: { _meta: meta({ progressToken: "p52" }), name: "get_weather", arguments: { city: "Lima" } } } },
    note("notifications/progress", { progressToken: "p52", progress: 1 }),
    { c: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 52, reason: "User requested cancellation" } } },
    { c: call(70) },
    { s: { jsonrpc: "2.0", id: 70, result: { resultType: "input_required", _meta: serverInfo, inputRequests: more.first, requestState: "state-70" } } },
    ...bergen,
    res(72, { content: [{ type: "text", text: "9°C, rain" }], isError: false }),
    req(5, "resources/list"),
    res(5, { resources: [{ uri: "file:///project/config.json", name: "config.json", mimeType: "application/json" }], ...cache }),
    req(6, "resources/read", { uri: "file:///project/config.json" }),
    res(6, { contents: [{ uri: "file:///project/config.json", mimeType: "application/json", text: "{}" }], ...cache }),
    req(7, "prompts/list"),
    res(7, { prompts: [prompt], ...cache }),
    req(40, "prompts/get", { name: "summarise", arguments: { text: "The config file." } }),
    res(40, {
      messages: [
        { role: "user", content: { type: "text", text: "Summarise: The config file." } },
        { role: "user", content: { type: "resource", resource: { uri: "file:///project/config.json", mimeType: "application/json", text: "{}" } } },
        { role: "user", content: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } },
        { role: "user", content: { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" } },
      ],
    }),
    req(60, "completion/complete", { ref: { type: "ref/prompt", name: "summarise" }, argument: { name: "text", value: "The con" } }),
    res(60, { completion: { values: ["The config file."], total: 1, hasMore: false } }),
    req(61, "prompts/list", { cursor: "page-2" }),
    { s: { jsonrpc: "2.0", id: 61, error: { code: -32602, message: "Invalid cursor" } } },
    // The cursor was refused, so the client lists the prompts again from the beginning.
    req(62, "prompts/list"),
    res(62, { prompts: [prompt], ...cache }),
    req(8, "subscriptions/listen", { notifications: { toolsListChanged: true, resourceSubscriptions: ["file:///project/config.json"] } }),
    note("notifications/subscriptions/acknowledged", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 }, notifications: { toolsListChanged: true, resourceSubscriptions: ["file:///project/config.json"] } }),
    note("notifications/tools/list_changed", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 } }),
    note("notifications/resources/updated", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 }, uri: "file:///project/config.json" }),
    { s: { jsonrpc: "2.0", id: 8, result: { resultType: "complete", _meta: { ...serverInfo, "io.modelcontextprotocol/subscriptionId": 8 } } } },
    // On stdio the server's teardown of a subscription is a notifications/cancelled naming its listen request.
    note("notifications/cancelled", { _meta: { "io.modelcontextprotocol/subscriptionId": 8 }, requestId: 8, reason: "Server shutting down" }),
  ];
}

export function write(dir, name, steps, transport = "stdio") {
  const lines = [{ direction: "client-to-server", transport, kind: "lifecycle", event: "transport-open" }];
  for (const step of steps) {
    if (step.c) lines.push({ direction: "client-to-server", transport, kind: "message", payload: step.c });
    if (step.s)
      lines.push({ direction: "server-to-client", transport, kind: "message", ...(step.invalidUtf8 ? { invalidUtf8: true } : {}), payload: step.s });
    if (step.cRaw !== undefined) lines.push({ direction: "client-to-server", transport, kind: "raw", text: step.cRaw });
    if (step.sRaw !== undefined) lines.push({ direction: "server-to-client", transport, kind: "raw", text: step.sRaw });
  }
  lines.push({ direction: "client-to-server", transport, kind: "lifecycle", event: "transport-close" });
  const text = lines.map((event, seq) => {
    const { direction, transport: t, kind, ...rest } = event;
    return JSON.stringify({ seq, direction, transport: t, kind, ...rest });
  });
  mkdirSync(join(out, dir), { recursive: true });
  writeFileSync(join(out, dir, `${name}.jsonl`), `${text.join("\n")}\n`);
}

/** The step index of the message with this id sent by this side (c or s). */
export const at = (steps, side, id) => steps.findIndex((step) => step[side] && step[side].id === id && (side === "s" || step[side].method));


/**
 * Adds a generator's entries to violations/co-violations.json (the traces that necessarily break a second clause,
 * with why), keeping the other generators' entries; the corpus test rejects an entry whose trace is gone.
 */
export function writeCoViolations(entries) {
  const path = join(out, "violations", "co-violations.json");
  const all = { ...(existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {}), ...entries };
  const sorted = Object.fromEntries(Object.keys(all).sort().map((name) => [name, all[name]]));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
