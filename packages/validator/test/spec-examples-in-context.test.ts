/**
 * The spec's notification, error and fragment examples (spec/2026-07-28/schema/examples), each judged in the minimal
 * session it needs: a notification with the request in flight it belongs to (a progress token, a log level, a
 * subscription), an error answering the request it rejects, a fragment (params, a result, a content block, a
 * capability set, a tool, a resource) inside the message that carries it. Each session must draw no finding but
 * those listed with it: where the example itself breaks a sentence of the spec, or where the context an error
 * answers is a defect of the other side by nature (a parse error answers a line that is no JSON). Every example
 * directory is placed: here, in a multi round-trip exchange (spec-example-round-trips.ts: elicitation, sampling,
 * roots and the input-required parts), or in spec-examples.test.ts (request/response pairs).
 */
import { readdirSync } from "node:fs";
import type { TraceEvent } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { validate } from "../src/engine/judge.js";
import { roundTrips } from "./spec-example-round-trips.js";
import {
  CACHE,
  DEFAULT_CAPABILITIES,
  discover,
  EXAMPLES,
  type Example,
  error,
  examplesOf,
  httpSession,
  type Json,
  meta,
  notification,
  request,
  result,
  serverTeardown,
  stdioSession,
} from "./spec-example-sessions.js";

/** A placed example: its session, and the requirements it may fail or warn, with why. */
interface Placed {
  example: string;
  events: TraceEvent[];
  allowed?: { requirements: string[]; why: string };
}

// Result examples leave out _meta serverInfo: BASE-049 "Servers SHOULD include the following
// io.modelcontextprotocol/ field in every result's _meta, unless specifically configured not to do so" — a warning.
const NO_SERVER_INFO = { requirements: ["BASE-049"], why: "the example result carries no _meta serverInfo" };
// deprecated.mdx: Logging, Sampling and Roots are deprecated — a session using them draws the DEPR warning, as it
// should (checks/DESIGN.md); the example is conforming.
const deprecated = (...requirements: string[]) => ({
  requirements,
  why: "the example uses a deprecated feature, which draws its DEPR warning",
});

const one = (dir: string) => examplesOf(dir);
const listen = (id: string, notifications: Json) => request(id, "subscriptions/listen", { notifications });
const acknowledged = (id: string, notifications: Json) =>
  notification("notifications/subscriptions/acknowledged", {
    _meta: { "io.modelcontextprotocol/subscriptionId": id },
    notifications,
  });
const listenClosed = (id: string) =>
  result(id, {
    _meta: {
      "io.modelcontextprotocol/serverInfo": { name: "spec-examples", version: "1" },
      "io.modelcontextprotocol/subscriptionId": id,
    },
  });
const LISTENING = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
};
const call = (id: string | number, extra: Json = {}) =>
  request(id, "tools/call", { name: "get_weather", arguments: { location: "New York" } }, extra);
const called = (id: string | number) => result(id, { content: [{ type: "text", text: "72°F" }], isError: false });

// ---- notifications -------------------------------------------------------------------------------------------

/** A change notification on the listen stream that asked for it (`wants`: what the listen request asks for). */
function onListen(example: Example, wants: Json): Placed {
  return {
    example: example.name,
    events: stdioSession([
      ...discover(LISTENING),
      listen("listen-1", wants),
      acknowledged("listen-1", wants),
      example.message,
      listenClosed("listen-1"),
      serverTeardown("listen-1"),
    ]),
  };
}

const cancelled = (example: Example, params: Json): Placed => ({
  example: example.name,
  events: stdioSession([...discover(), call("123"), notification("notifications/cancelled", params)]),
});
const progressed = (example: Example, params: Json): Placed => ({
  example: example.name,
  events: stdioSession([
    ...discover(),
    call(7, { progressToken: "oivaizmir" }),
    notification("notifications/progress", params),
    called(7),
  ]),
});
const logged = (example: Example, params: Json): Placed => ({
  example: example.name,
  events: stdioSession([
    ...discover({ ...DEFAULT_CAPABILITIES, logging: {} }),
    call(8, { "io.modelcontextprotocol/logLevel": "info" }),
    notification("notifications/message", params),
    called(8),
  ]),
  allowed: deprecated("DEPR-004"),
});
const updated = (example: Example, params: Json): Placed => {
  const wants = { resourceSubscriptions: [params.uri] };
  const message = notification("notifications/resources/updated", {
    _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" },
    ...params,
  });
  return onListen({ ...example, message }, wants);
};

const notifications: Placed[] = [
  ...one("CancelledNotification").map((e) => cancelled(e, e.message.params as Json)),
  ...one("CancelledNotificationParams").map((e) => cancelled(e, e.message)),
  ...one("ProgressNotification").map((e) => progressed(e, e.message.params as Json)),
  ...one("ProgressNotificationParams").map((e) => progressed(e, e.message)),
  ...one("LoggingMessageNotification").map((e) => logged(e, e.message.params as Json)),
  ...one("LoggingMessageNotificationParams").map((e) => logged(e, e.message)),
  ...one("ToolListChangedNotification").map((e) => onListen(e, { toolsListChanged: true })),
  ...one("PromptListChangedNotification").map((e) => onListen(e, { promptsListChanged: true })),
  ...one("ResourceListChangedNotification").map((e) => onListen(e, { resourcesListChanged: true })),
  ...one("ResourceUpdatedNotification").map((e) =>
    onListen(e, { resourceSubscriptions: [(e.message.params as Json).uri] }),
  ),
  ...one("ResourceUpdatedNotificationParams").map((e) => updated(e, e.message)),
  ...one("SubscriptionsAcknowledgedNotification").map((e) => {
    const wants = (e.message.params as Json).notifications as Json;
    return {
      example: e.name,
      events: stdioSession([
        ...discover(LISTENING),
        listen("listen-1", wants),
        e.message,
        listenClosed("listen-1"),
        serverTeardown("listen-1"),
      ]),
    };
  }),
  ...one("SubscriptionsListenResult").map((e) => {
    const wants = { toolsListChanged: true };
    return {
      example: e.name,
      events: stdioSession([
        ...discover(LISTENING),
        listen("listen-1", wants),
        acknowledged("listen-1", wants),
        { jsonrpc: "2.0", id: "listen-1", result: e.message },
        serverTeardown("listen-1"),
      ]),
      allowed: NO_SERVER_INFO,
    };
  }),
];

// ---- errors --------------------------------------------------------------------------------------------------

/** An error object (or a whole error response, by its error) answering `asked`, after the exchanges `before`. */
function answering(example: Example, asked: Json, before: Json[] = [], capabilities?: Json): Placed {
  const fields = (example.message.error ?? example.message) as Json;
  return {
    example: example.name,
    events: stdioSession([...discover(capabilities), ...before, asked, error(asked.id as number, fields)]),
  };
}

const errors: Placed[] = [
  ...one("MissingRequiredClientCapabilityError").map((e) =>
    answering(
      e,
      request(1, "tools/call", { name: "get_weather", arguments: { location: "Paris" } }, {}),
      [],
      undefined,
    ),
  ),
  ...one("UnsupportedProtocolVersionError").map((e) => ({
    example: e.name,
    events: stdioSession([
      ...discover(DEFAULT_CAPABILITIES, [...((e.message.error as Json).data as { supported: string[] }).supported]),
      request(1, "tools/list", {}, { "io.modelcontextprotocol/protocolVersion": "1900-01-01" }),
      e.message,
    ]),
  })),
  // HeaderMismatchError is streamable HTTP's: Mcp-Name 'foo' sent for a body naming 'bar', answered 400.
  ...one("HeaderMismatchError").map((e) => ({
    example: e.name,
    events: httpSession([
      { body: discover()[0]!, status: 200, answer: discover()[1]! },
      {
        body: request(1, "tools/call", { name: "bar", arguments: {} }),
        headers: { "mcp-name": "foo" },
        status: 400,
        answer: e.message,
      },
    ]),
    allowed: {
      requirements: ["TRAN-083"],
      why: "the mismatch the error reports is the client's: its Mcp-Name differs from the body",
    },
  })),
  ...one("InternalError").map((e) => answering(e, call(2))),
  ...one("MethodNotFoundError").map((e) =>
    answering(e, request(3, "prompts/list"), [], { tools: {}, resources: {}, completions: {} }),
  ),
  ...examplesOf("InvalidParamsError").map((e) => {
    const file = e.name.split("/")[1];
    if (file === "invalid-cursor.json")
      return answering(e, request(4, "prompts/list", { cursor: "page-2" }), [
        request(9, "tools/list"),
        result(9, { tools: [], nextCursor: "page-2", ...CACHE }),
      ]);
    if (file === "invalid-tool-arguments.json")
      return answering(e, request(4, "tools/call", { name: "calculate", arguments: {} }), [
        request(9, "tools/list"),
        result(9, {
          tools: [
            {
              name: "calculate",
              inputSchema: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
            },
          ],
          ...CACHE,
        }),
      ]);
    if (file === "unknown-prompt.json") return answering(e, request(4, "prompts/get", { name: "invalid_prompt_name" }));
    return answering(e, request(4, "tools/call", { name: "invalid_tool_name", arguments: {} }));
  }),
  // A parse error answers a line that is no JSON: the client's defect by nature (stdio: "MUST NOT write anything to
  // the server's stdin that is not a valid MCP message").
  ...one("ParseError").map((e) => ({
    example: e.name,
    events: stdioSession([
      ...discover(),
      { raw: '{"jsonrpc": "2.0", "method": "tools/list", "params": {' },
      error(null, e.message),
    ]),
    allowed: { requirements: ["TRAN-006"], why: "the line the parse error answers is no JSON-RPC message" },
  })),
];

// ---- fragments -----------------------------------------------------------------------------------------------

/** A request built from a params example (its `_meta` completed) and a result example answering it. */
function exchange(
  name: string,
  method: string,
  params: Json,
  answer: Json,
  before: Json[] = [],
  capabilities?: Json,
): Placed {
  return {
    example: name,
    events: stdioSession([
      ...discover(capabilities),
      ...before,
      request(5, method, params),
      { jsonrpc: "2.0", id: 5, result: answer },
    ]),
    allowed: (answer._meta as Json | undefined)?.["io.modelcontextprotocol/serverInfo"] ? undefined : NO_SERVER_INFO,
  };
}
const complete = (fields: Json) => ({
  resultType: "complete",
  _meta: { "io.modelcontextprotocol/serverInfo": { name: "spec-examples", version: "1" } },
  ...fields,
});
const inTool = (content: Json) => complete({ content: [content], isError: false });

const fragments: Placed[] = [
  ...one("CallToolRequestParams").map((e) =>
    exchange(e.name, "tools/call", e.message, inTool({ type: "text", text: "done" })),
  ),
  ...one("CallToolResult").map((e) =>
    exchange(e.name, "tools/call", { name: "get_weather", arguments: { location: "Paris" } }, e.message),
  ),
  ...one("CompleteRequestParams").map((e) =>
    exchange(
      e.name,
      "completion/complete",
      e.message,
      complete({ completion: { values: ["python"], hasMore: false } }),
    ),
  ),
  ...one("CompleteResult").map((e) =>
    exchange(
      e.name,
      "completion/complete",
      { ref: { type: "ref/prompt", name: "code_review" }, argument: { name: "language", value: "py" } },
      e.message,
    ),
  ),
  ...one("GetPromptRequestParams").map((e) =>
    exchange(
      e.name,
      "prompts/get",
      e.message,
      complete({ messages: [{ role: "user", content: { type: "text", text: "Review it." } }] }),
    ),
  ),
  ...one("GetPromptResult").map((e) =>
    exchange(e.name, "prompts/get", { name: "code_review", arguments: { code: "x = 1" } }, e.message),
  ),
  ...one("PaginatedRequestParams").map((e) =>
    exchange(e.name, "tools/list", e.message, complete({ tools: [], ...CACHE }), [
      request(9, "tools/list"),
      result(9, { tools: [], nextCursor: e.message.cursor, ...CACHE }),
    ]),
  ),
  ...one("ListToolsResult").map((e) => exchange(e.name, "tools/list", {}, e.message)),
  ...one("ListPromptsResult").map((e) => exchange(e.name, "prompts/list", {}, e.message)),
  ...one("ListResourcesResult").map((e) => exchange(e.name, "resources/list", {}, e.message)),
  ...one("ListResourceTemplatesResult").map((e) => exchange(e.name, "resources/templates/list", {}, e.message)),
  ...one("ReadResourceResult").map((e) => {
    const contents = e.message.contents as Json[];
    return exchange(e.name, "resources/read", { uri: contents[0]!.uri }, e.message);
  }),
  ...one("DiscoverResult").map((e) => ({
    example: e.name,
    events: stdioSession([request("d", "server/discover"), { jsonrpc: "2.0", id: "d", result: e.message }]),
  })),
  ...[
    ...one("TextContent"),
    ...one("ImageContent"),
    ...one("AudioContent"),
    ...one("ResourceLink"),
    ...one("EmbeddedResource"),
  ].map((e) =>
    exchange(e.name, "tools/call", { name: "get_weather", arguments: { location: "Paris" } }, inTool(e.message)),
  ),
  ...one("Tool").map((e) => exchange(e.name, "tools/list", {}, complete({ tools: [e.message], ...CACHE }))),
  ...one("Resource").map((e) => exchange(e.name, "resources/list", {}, complete({ resources: [e.message], ...CACHE }))),
  ...[...one("TextResourceContents"), ...one("BlobResourceContents")].map((e) =>
    exchange(e.name, "resources/read", { uri: e.message.uri }, complete({ contents: [e.message], ...CACHE })),
  ),
  ...one("ServerCapabilities").map((e) => ({
    example: e.name,
    events: stdioSession(discover(e.message)),
    allowed: e.message.logging ? deprecated("DEPR-004") : undefined,
  })),
  ...one("ClientCapabilities").map((e) => {
    const uses = ["roots", "sampling"].filter((k) => k in e.message);
    return {
      example: e.name,
      events: stdioSession([
        ...discover(),
        request(6, "tools/list", { _meta: meta({}, e.message) }),
        result(6, { tools: [], ...CACHE }),
      ]),
      allowed: uses.length > 0 ? deprecated(...uses.map((k) => (k === "roots" ? "DEPR-002" : "DEPR-003"))) : undefined,
    };
  }),
];

const placed = [...notifications, ...errors, ...fragments, ...roundTrips];

describe("the spec's notification, error and fragment examples, each in the session it needs", () => {
  it("places every example directory (here, or as a request/response pair)", () => {
    const here = new Set(placed.map((p) => p.example.split("/")[0]));
    const pairs = (dir: string) => dir.endsWith("Request") || dir.endsWith("ResultResponse");
    const left = readdirSync(EXAMPLES).filter((dir) => !here.has(dir) && !pairs(dir));
    expect(left).toEqual([]);
  });

  it.each(placed.map((p) => [p.example, p] as const))("%s draws no finding but those listed", (_name, p) => {
    const report = validate(p.events);
    expect(report.revision).toBe("2026-07-28");
    const allowed = new Set(p.allowed?.requirements ?? []);
    const complaints = report.requirements
      .filter((row) => (row.outcome === "fail" || row.outcome === "warn") && !allowed.has(row.id))
      .flatMap((row) => (row.findings ?? []).map((f) => `${row.id} [${f.check}]: ${f.detail}`));
    expect(complaints).toEqual([]);
    for (const id of allowed)
      expect(report.requirements.find((row) => row.id === id)?.outcome, `${id}: ${p.allowed?.why}`).toMatch(
        /^(fail|warn)$/,
      );
  });
});
