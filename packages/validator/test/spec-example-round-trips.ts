/**
 * The spec's elicitation, sampling, roots and multi round-trip examples, each placed where 2026-07-28 carries it:
 * inside a tools/call the server answers `input_required` (its `inputRequests`), and the client's retry of that call
 * (its `inputResponses` and the `requestState`), which the server then completes.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import {
  discover,
  type Example,
  examplesOf,
  type Json,
  meta,
  request,
  result,
  SERVER_INFO,
  stdioSession,
} from "./spec-example-sessions.js";

export interface RoundTrip {
  example: string;
  events: TraceEvent[];
  allowed?: { requirements: string[]; why: string };
}

const STATE = "eyJzdGVwIjoxfQ";
const ASK = "ask";
const CALL = { name: "get_weather", arguments: { location: "Paris" } };

/** What the client must declare for the input requests it is asked (the deprecated ones draw their DEPR warning). */
function capabilitiesFor(inputRequests: Json): { capabilities: Json; deprecated: string[] } {
  const methods = Object.values(inputRequests).map((r) => (r as Json).method);
  const capabilities: Json = {};
  const deprecated: string[] = [];
  if (methods.includes("elicitation/create")) capabilities.elicitation = { form: {}, url: {} };
  if (methods.includes("sampling/createMessage")) {
    capabilities.sampling = { tools: {} };
    deprecated.push("DEPR-003");
  }
  if (methods.includes("roots/list")) {
    capabilities.roots = {};
    deprecated.push("DEPR-002");
  }
  return { capabilities, deprecated };
}

/**
 * A tools/call answered with `answer` (an input-required result, `serverInfo` added unless `bare`), retried with
 * `inputResponses`, then completed.
 */
function roundTrip(name: string, answer: Json, inputResponses: Json | undefined, bare = false): RoundTrip {
  const { capabilities, deprecated } = capabilitiesFor((answer.inputRequests ?? {}) as Json);
  const params = (extra: Json = {}) => ({ ...CALL, ...extra, _meta: meta({}, capabilities) });
  const retry = { ...(inputResponses ? { inputResponses } : {}), requestState: answer.requestState };
  const requirements = [...deprecated, ...(bare ? ["BASE-049"] : [])];
  return {
    example: name,
    events: stdioSession([
      ...discover(),
      request(10, "tools/call", params()),
      { jsonrpc: "2.0", id: 10, result: bare ? answer : { _meta: SERVER_INFO, ...answer } },
      request(11, "tools/call", params(retry)),
      result(11, { content: [{ type: "text", text: "72°F" }], isError: false }),
    ]),
    allowed:
      requirements.length > 0
        ? {
            requirements,
            why: "deprecated Sampling/Roots draw their DEPR warnings; a bare example result has no serverInfo",
          }
        : undefined,
  };
}

/** One input request under one key, answered by `response`. */
const asking = (name: string, inputRequest: Json, response: Json): RoundTrip =>
  roundTrip(
    name,
    { resultType: "input_required", inputRequests: { [ASK]: inputRequest }, requestState: STATE },
    { [ASK]: response },
  );

const elicit = (params: Json) => ({ method: "elicitation/create", params });
const sample = (params: Json) => ({ method: "sampling/createMessage", params });
const one = (dir: string, file: string): Json => examplesOf(dir).find((e) => e.name === `${dir}/${file}`)!.message;

const DECLINED = { action: "decline" };
const ANSWER = one("CreateMessageResult", "text-response.json");
const WEATHER_TOOL = {
  name: "get_weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const QUESTION = { role: "user", content: { type: "text", text: "What's the weather like in Paris?" } };
/** Sampling params whose last message is `last`, after the assistant's tool use it may answer. */
const afterToolUse = (last: Json, ids: string[]) => ({
  messages: [
    QUESTION,
    {
      role: "assistant",
      content: ids.map((id) => ({ type: "tool_use", id, name: "get_weather", input: { city: "Paris" } })),
    },
    last,
  ],
  tools: [WEATHER_TOOL],
  maxTokens: 100,
});
const BASIC_PARAMS = one("CreateMessageRequestParams", "basic-request.json");

/** Each schema fragment as the one property of a form's requested schema, declined. */
const schemaField = (e: Example) =>
  asking(
    e.name,
    elicit({
      mode: "form",
      message: "One field",
      requestedSchema: { type: "object", properties: { field: e.message } },
    }),
    DECLINED,
  );

/** Each sampling params example (file) and the result example (file) that answers it. */
const SAMPLED: [params: string, answer: string][] = [
  ["basic-request.json", "text-response.json"],
  ["request-with-tools.json", "tool-use-response.json"],
  ["follow-up-with-tool-results.json", "final-response.json"],
];
const ELICITED_BY: Record<string, Json> = {
  "accept-url-mode-no-content.json": one("ElicitRequestURLParams", "elicit-sensitive-data.json"),
  "input-multiple-fields.json": one("ElicitRequestFormParams", "elicit-multiple-fields.json"),
  "input-single-field.json": one("ElicitRequestFormParams", "elicit-single-field.json"),
};
const byFile = (e: Example) => e.name.split("/")[1]!;

export const roundTrips: RoundTrip[] = [
  ...[
    "BooleanSchema",
    "NumberSchema",
    "StringSchema",
    "TitledMultiSelectEnumSchema",
    "TitledSingleSelectEnumSchema",
    "UntitledMultiSelectEnumSchema",
    "UntitledSingleSelectEnumSchema",
  ].flatMap((dir) => examplesOf(dir).map(schemaField)),
  ...examplesOf("ElicitRequest").map((e) =>
    asking(e.name, e.message, { action: "accept", content: { name: "octocat" } }),
  ),
  ...examplesOf("ElicitRequestFormParams").map((e) => asking(e.name, elicit(e.message), DECLINED)),
  ...examplesOf("ElicitRequestURLParams").map((e) => asking(e.name, elicit(e.message), { action: "accept" })),
  ...examplesOf("ElicitResult").map((e) => asking(e.name, elicit(ELICITED_BY[byFile(e)]!), e.message)),
  ...examplesOf("CreateMessageRequest").map((e) => asking(e.name, e.message, ANSWER)),
  ...examplesOf("CreateMessageRequestParams").map((e) => {
    const [, answer] = SAMPLED.find(([params]) => params === byFile(e))!;
    return asking(e.name, sample(e.message), one("CreateMessageResult", answer));
  }),
  ...examplesOf("CreateMessageResult").map((e) => {
    const [params] = SAMPLED.find(([, answer]) => answer === byFile(e))!;
    return asking(e.name, sample(one("CreateMessageRequestParams", params)), e.message);
  }),
  ...examplesOf("SamplingMessage").map((e) => {
    const ids = ((Array.isArray(e.message.content) ? e.message.content : []) as Json[]).map((c) => String(c.toolUseId));
    const params = ids.length > 0 ? afterToolUse(e.message, ids) : { messages: [e.message], maxTokens: 100 };
    return asking(e.name, sample(params), ANSWER);
  }),
  ...examplesOf("ModelPreferences").map((e) =>
    asking(e.name, sample({ ...BASIC_PARAMS, modelPreferences: e.message }), ANSWER),
  ),
  ...examplesOf("ToolUseContent").map((e) =>
    asking(e.name, sample({ messages: [QUESTION], tools: [WEATHER_TOOL], maxTokens: 100 }), {
      ...ANSWER,
      content: [e.message],
      stopReason: "toolUse",
    }),
  ),
  ...examplesOf("ToolResultContent").map((e) =>
    asking(e.name, sample(afterToolUse({ role: "user", content: [e.message] }, [String(e.message.toolUseId)])), ANSWER),
  ),
  ...examplesOf("ListRootsRequest").map((e) =>
    asking(e.name, e.message, one("ListRootsResult", "single-root-directory.json")),
  ),
  ...examplesOf("ListRootsResult").map((e) => asking(e.name, { method: "roots/list" }, e.message)),
  ...examplesOf("Root").map((e) => asking(e.name, { method: "roots/list" }, { roots: [e.message] })),
  ...examplesOf("InputRequests").map((e) =>
    roundTrip(
      e.name,
      { resultType: "input_required", inputRequests: e.message, requestState: STATE },
      one("InputResponses", "elicitation-and-sampling-input-responses.json"),
    ),
  ),
  ...examplesOf("InputResponses").map((e) =>
    roundTrip(
      e.name,
      {
        resultType: "input_required",
        inputRequests: one("InputRequests", "elicitation-and-sampling-input-requests.json"),
        requestState: STATE,
      },
      e.message,
    ),
  ),
  ...examplesOf("InputRequiredResult").map((e) =>
    roundTrip(
      e.name,
      e.message,
      e.message.inputRequests ? one("InputResponses", "elicitation-and-sampling-input-responses.json") : undefined,
      true,
    ),
  ),
];
