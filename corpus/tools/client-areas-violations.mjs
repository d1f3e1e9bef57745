// Writes the violation traces of the CANC, PROG, TASK, ROOT, SAMP and ELIC areas into
// corpus/2025-11-25/violations/: each a clean stdio session (handshake, initialized, transport open/close,
// schema-valid messages) with exactly one defect, named after the requirement it breaks.
// `node corpus/tools/client-areas-violations.mjs`
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "2025-11-25", "violations");
import { C2S, S2C, Session } from "./trace-session.mjs";

const text = (t) => ({ content: [{ type: "text", text: t }] });
const TASK_SERVER = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const TOOLS = [
  { name: "research", description: "Researches a topic", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
  { name: "echo", description: "Echoes a message", inputSchema: { type: "object" } },
  { name: "deep-scan", description: "Scans a repository", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
];
const T1 = "9f1c2e4a-6b7d-4c3e-8a21-5d0f7b9e3c11";
const T2 = "0b7a9d3e-2f41-4e8c-9c5a-7e6d1f2a4b88";
const task = (taskId, status, extra = {}) => ({ taskId, status, createdAt: "2026-01-05T10:00:00Z", lastUpdatedAt: "2026-01-05T10:00:02Z", ttl: 60000, pollInterval: 1000, ...extra });
const related = (taskId) => ({ "io.modelcontextprotocol/related-task": { taskId } });
const sample = (t = "Paris.") => ({ role: "assistant", content: { type: "text", text: t }, model: "corpus-model-1", stopReason: "endTurn" });
const ask = (t) => ({ messages: [{ role: "user", content: { type: "text", text: t } }], maxTokens: 100 });
const WEATHER_TOOL = { name: "get_weather", description: "Current weather for a city", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
const use = (id, city) => ({ type: "tool_use", id, name: "get_weather", input: { city } });
const toolResult = (id, t) => ({ type: "tool_result", toolUseId: id, content: [{ type: "text", text: t }] });
const FORM = { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] };

/** A session with the task-capable server, its tool list, and a task created by a tools/call of "research". */
function withTask({ token, client = {}, status = "working", createdTask = {} } = {}) {
  const s = new Session({ client, server: TASK_SERVER });
  s.call("tools/list", undefined, { tools: TOOLS });
  const params = { name: "research", arguments: { topic: "tides" }, task: { ttl: 60000 } };
  if (token !== undefined) params._meta = { progressToken: token };
  s.call("tools/call", params, { task: task(T1, status, createdTask) });
  return s;
}

const traces = {
  // CANC
  "canc-001-cancels-unissued-request": () =>
    new Session().call("tools/list", undefined, { tools: [] }).notify(C2S, "notifications/cancelled", { requestId: 99, reason: "stale" }).end(),
  "canc-003-initialize-cancelled": () => new Session().notify(C2S, "notifications/cancelled", { requestId: 0, reason: "took too long" }).end(),
  "canc-004-task-cancelled-by-notification": () =>
    withTask().notify(C2S, "notifications/cancelled", { requestId: 2, reason: "no longer needed" }).end(),
  "canc-005-progress-after-cancel": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "build", arguments: {}, _meta: { progressToken: "b1" } });
    s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 1, total: 4 });
    s.notify(C2S, "notifications/cancelled", { requestId: id, reason: "user pressed stop" });
    s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 2, total: 4 });
    return s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 3, total: 4 }).end();
  },
  "canc-007-response-after-cancel": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "slow", arguments: {} });
    s.notify(C2S, "notifications/cancelled", { requestId: id, reason: "user pressed stop" });
    return s.result(S2C, id, text("done anyway")).end();
  },
  "canc-014-cancel-without-request-id": () => {
    const s = new Session();
    s.request(C2S, "tools/call", { name: "slow", arguments: {} });
    return s.notify(C2S, "notifications/cancelled", { reason: "user pressed stop" }).end();
  },
  "canc-016-cancel-after-response": () =>
    new Session().call("tools/call", { name: "echo", arguments: {} }, text("hi")).notify(C2S, "notifications/cancelled", { requestId: 1 }).end(),

  // PROG
  "prog-002-token-reused-while-active": () => {
    const s = new Session();
    const a = s.request(C2S, "tools/call", { name: "build", arguments: {}, _meta: { progressToken: "op" } });
    const b = s.request(C2S, "tools/call", { name: "test", arguments: {}, _meta: { progressToken: "op" } });
    return s.result(S2C, a, text("built")).result(S2C, b, text("tested")).end();
  },
  "prog-003-progress-decreases": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "build", arguments: {}, _meta: { progressToken: "b1" } });
    s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 50, total: 100 });
    s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 30, total: 100 });
    return s.result(S2C, id, text("built")).end();
  },
  "prog-005-unknown-token": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "build", arguments: {} });
    s.notify(S2C, "notifications/progress", { progressToken: "ghost", progress: 1 });
    return s.result(S2C, id, text("built")).end();
  },
  "prog-011-progress-after-completion": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "build", arguments: {}, _meta: { progressToken: "b1" } });
    s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 1, total: 2 });
    s.result(S2C, id, text("built"));
    return s.notify(S2C, "notifications/progress", { progressToken: "b1", progress: 2, total: 2 }).end();
  },
  "prog-007-task-progress-wrong-token": () => {
    const s = withTask({ token: "p1" });
    const id = s.request(C2S, "tools/call", { name: "echo", arguments: {}, _meta: { progressToken: "p2" } });
    s.notify(S2C, "notifications/progress", { progressToken: "p2", progress: 1, _meta: related(T1) });
    return s.result(S2C, id, text("echo")).end();
  },
  "prog-008-task-progress-after-terminal": () => {
    const s = withTask({ token: "p1" });
    s.call("tasks/get", { taskId: T1 }, task(T1, "completed"));
    return s.notify(S2C, "notifications/progress", { progressToken: "p1", progress: 3, _meta: related(T1) }).end();
  },

  // TASK
  "task-002-undeclared-task-accepted": () =>
    new Session({ client: { sampling: {}, tasks: { list: {} } } })
      .ask("sampling/createMessage", { ...ask("Summarise the log"), task: { ttl: 30000 } }, { task: task(T1, "working") })
      .end(),
  "task-002-augmented-undeclared-request-type": () =>
    new Session({ client: { sampling: {}, tasks: { requests: { elicitation: { create: {} } } } } })
      .ask("sampling/createMessage", { ...ask("Summarise the log"), task: { ttl: 30000 } }, sample())
      .end(),
  "task-002-task-without-tasks-capability": () =>
    new Session({ client: { sampling: {} } }).ask("sampling/createMessage", { ...ask("Summarise the log"), task: {} }, sample()).end(),
  "task-004-tool-call-augmented-without-capability": () =>
    new Session({ server: { tools: {}, tasks: { list: {} } } })
      .call("tools/call", { name: "research", arguments: {}, task: { ttl: 60000 } }, text("done"))
      .end(),
  "task-005-forbidden-tool-called-as-task": () => {
    const s = new Session({ server: TASK_SERVER }).call("tools/list", undefined, { tools: TOOLS });
    const id = s.request(C2S, "tools/call", { name: "echo", arguments: {}, task: {} });
    return s.error(S2C, id, -32601, "Tool echo does not support task-augmented execution").end();
  },
  "task-005-forbidden-task-call-accepted": () =>
    new Session({ server: TASK_SERVER })
      .call("tools/list", undefined, { tools: TOOLS })
      .call("tools/call", { name: "echo", arguments: {}, task: {} }, { task: task(T1, "working") })
      .end(),
  "task-007-required-tool-called-plainly": () => {
    const s = new Session({ server: TASK_SERVER }).call("tools/list", undefined, { tools: TOOLS });
    const id = s.request(C2S, "tools/call", { name: "deep-scan", arguments: {} });
    return s.error(S2C, id, -32601, "Tool deep-scan requires task augmentation").end();
  },
  "task-007-required-tool-call-answered": () =>
    new Session({ server: TASK_SERVER })
      .call("tools/list", undefined, { tools: TOOLS })
      .call("tools/call", { name: "deep-scan", arguments: {} }, text("scanned"))
      .end(),
  "task-013-related-task-id-not-string": () =>
    new Session({ client: { elicitation: {} } })
      .ask("elicitation/create", { message: "Which branch?", requestedSchema: FORM, _meta: { "io.modelcontextprotocol/related-task": { taskId: 42 } } }, { action: "decline" })
      .end(),
  "task-015-duplicate-task-id": () =>
    withTask().call("tools/call", { name: "research", arguments: { topic: "winds" }, task: {} }, { task: task(T1, "working") }).end(),
  "task-016-task-created-completed": () => withTask({ status: "completed" }).end(),
  "task-017-terminal-status-changed": () =>
    withTask().call("tasks/get", { taskId: T1 }, task(T1, "completed")).call("tasks/get", { taskId: T1 }, task(T1, "working")).end(),
  "task-023-input-required-ignored": () => withTask().call("tasks/get", { taskId: T1 }, task(T1, "input_required", { statusMessage: "Which tides?" })).end(),
  "task-025-created-at-not-iso": () => withTask({ createdTask: { createdAt: "yesterday at noon" } }).end(),
  "task-026-last-updated-at-not-iso": () => withTask({ createdTask: { lastUpdatedAt: "1767607202" } }).end(),
  "task-031-result-not-call-tool-result": () =>
    withTask()
      .call("tasks/get", { taskId: T1 }, task(T1, "completed"))
      .call("tasks/result", { taskId: T1 }, { structuredContent: { summary: "tides" }, _meta: related(T1) })
      .end(),
  "task-032-result-before-terminal": () =>
    withTask()
      .call("tasks/result", { taskId: T1 }, { ...text("partial summary"), _meta: related(T1) })
      .call("tasks/get", { taskId: T1 }, task(T1, "working"))
      .end(),
  "task-034-result-without-related-task": () =>
    withTask().call("tasks/get", { taskId: T1 }, task(T1, "completed")).call("tasks/result", { taskId: T1 }, text("tides summary")).end(),
  "task-035-get-answers-other-task": () => withTask().call("tasks/get", { taskId: T1 }, task(T2, "working")).end(),
  "task-036-related-task-on-tasks-get": () => withTask().call("tasks/get", { taskId: T1, _meta: related(T1) }, task(T1, "working")).end(),
  "task-039-status-notification-with-related-task": () =>
    withTask().notify(S2C, "notifications/tasks/status", { ...task(T1, "working", { statusMessage: "halfway" }), _meta: related(T1) }).end(),
  "task-044-terminal-task-cancel-not-rejected": () => {
    const s = withTask().call("tasks/get", { taskId: T1 }, task(T1, "completed"));
    const id = s.request(C2S, "tasks/cancel", { taskId: T1 });
    return s.error(S2C, id, -32603, "Internal error").end();
  },
  "task-045-cancel-result-not-cancelled": () => withTask().call("tasks/cancel", { taskId: T1 }, task(T1, "working")).end(),
  "task-055-failed-without-status-message": () => withTask().call("tasks/get", { taskId: T1 }, task(T1, "failed")).end(),

  // LIFE-015 ("only use capabilities that were successfully negotiated") for the client-side features
  "life-015-sampling-refused-undeclared": () => {
    const s = new Session();
    const id = s.request(S2C, "sampling/createMessage", ask("Capital of France?"));
    return s.error(C2S, id, -32601, "Method not found").end();
  },
  "life-015-tasks-list-undeclared": () => {
    const s = new Session();
    const id = s.request(C2S, "tasks/list");
    return s.error(S2C, id, -32601, "Method not found").end();
  },

  // ROOT
  "root-017-roots-answered-undeclared": () =>
    new Session().ask("roots/list", undefined, { roots: [{ uri: "file:///home/user/app", name: "App" }] }).end(),
  "root-002-roots-changed-silently": () =>
    new Session({ client: { roots: { listChanged: true } } })
      .ask("roots/list", undefined, { roots: [{ uri: "file:///home/user/app", name: "App" }] })
      .ask("roots/list", undefined, { roots: [{ uri: "file:///home/user/app", name: "App" }, { uri: "file:///home/user/lib", name: "Lib" }] })
      .end(),
  "root-003-root-not-file-uri": () =>
    new Session({ client: { roots: {} } }).ask("roots/list", undefined, { roots: [{ uri: "https://github.com/acme/app", name: "App" }] }).end(),
  "root-017-unsupported-roots-wrong-error": () => {
    const s = new Session();
    const id = s.request(S2C, "roots/list");
    return s.error(C2S, id, -32603, "Roots unavailable").end();
  },
  "root-017-roots-requested-undeclared": () => {
    const s = new Session();
    const id = s.request(S2C, "roots/list");
    return s.error(C2S, id, -32601, "Roots not supported").end();
  },

  // SAMP
  "samp-006-undeclared-tools-answered": () =>
    new Session({ client: { sampling: {} } }).ask("sampling/createMessage", { ...ask("Weather in Paris?"), tools: [WEATHER_TOOL] }, sample("Sunny.")).end(),
  "samp-006-tools-sent-undeclared": () => {
    const s = new Session({ client: { sampling: {} } });
    const id = s.request(S2C, "sampling/createMessage", { ...ask("Weather in Paris?"), tools: [WEATHER_TOOL] });
    return s.error(C2S, id, -32602, "Tool use is not supported").end();
  },
  "samp-007-sampling-answered-undeclared": () => new Session().ask("sampling/createMessage", ask("Capital of France?"), sample()).end(),
  "samp-008-deprecated-include-context": () =>
    new Session({ client: { sampling: { context: {} } } }).ask("sampling/createMessage", { ...ask("Summarise"), includeContext: "thisServer" }, sample()).end(),
  "samp-008-include-context-undeclared": () =>
    new Session({ client: { sampling: {} } }).ask("sampling/createMessage", { ...ask("Summarise"), includeContext: "allServers" }, sample()).end(),
  "samp-009-tool-results-mixed": () => {
    const s = new Session({ client: { sampling: { tools: {} } } });
    const messages = [
      { role: "user", content: { type: "text", text: "Weather in Paris?" } },
      { role: "assistant", content: [use("call_a", "Paris")] },
      { role: "user", content: [{ type: "text", text: "Here you go:" }, toolResult("call_a", "18°C")] },
    ];
    const id = s.request(S2C, "sampling/createMessage", { messages, tools: [WEATHER_TOOL], maxTokens: 200 });
    return s.error(C2S, id, -32602, "Tool results mixed with other content").end();
  },
  "samp-010-tool-use-unanswered": () => {
    const s = new Session({ client: { sampling: { tools: {} } } });
    const messages = [
      { role: "user", content: { type: "text", text: "Weather in Paris and London?" } },
      { role: "assistant", content: [use("call_a", "Paris"), use("call_b", "London")] },
      { role: "user", content: [toolResult("call_a", "18°C")] },
    ];
    const id = s.request(S2C, "sampling/createMessage", { messages, tools: [WEATHER_TOOL], maxTokens: 200 });
    return s.error(C2S, id, -32602, "Tool result missing in request").end();
  },
  "samp-010-missing-tool-result-accepted": () => {
    const messages = [
      { role: "user", content: { type: "text", text: "Weather in Paris and London?" } },
      { role: "assistant", content: [use("call_a", "Paris"), use("call_b", "London")] },
      { role: "user", content: [toolResult("call_a", "18°C")] },
    ];
    return new Session({ client: { sampling: { tools: {} } } }).ask("sampling/createMessage", { messages, tools: [WEATHER_TOOL], maxTokens: 200 }, sample("Paris is 18°C.")).end();
  },
  "samp-009-mixed-tool-results-accepted": () => {
    const messages = [
      { role: "user", content: { type: "text", text: "Weather in Paris?" } },
      { role: "assistant", content: [use("call_a", "Paris")] },
      { role: "user", content: [{ type: "text", text: "Here you go:" }, toolResult("call_a", "18°C")] },
    ];
    return new Session({ client: { sampling: { tools: {} } } }).ask("sampling/createMessage", { messages, tools: [WEATHER_TOOL], maxTokens: 200 }, sample("It is 18°C.")).end();
  },
  "samp-029-tool-result-without-tool-use": () => {
    const messages = [
      { role: "user", content: { type: "text", text: "Weather in Paris?" } },
      { role: "assistant", content: [use("call_a", "Paris")] },
      { role: "user", content: [toolResult("call_a", "18°C"), toolResult("call_zz", "15°C")] },
    ];
    return new Session({ client: { sampling: { tools: {} } } }).ask("sampling/createMessage", { messages, tools: [WEATHER_TOOL], maxTokens: 200 }, sample("It is 18°C.")).end();
  },
  "samp-011-required-tool-choice-ignored": () =>
    new Session({ client: { sampling: { tools: {} } } })
      .ask("sampling/createMessage", { ...ask("Weather in Paris?"), tools: [WEATHER_TOOL], toolChoice: { mode: "required" } }, sample("Probably sunny."))
      .end(),
  "samp-012-none-tool-choice-ignored": () =>
    new Session({ client: { sampling: { tools: {} } } })
      .ask("sampling/createMessage", { ...ask("Weather in Paris?"), tools: [WEATHER_TOOL], toolChoice: { mode: "none" } }, {
        role: "assistant",
        content: [use("call_a", "Paris")],
        model: "corpus-model-1",
        stopReason: "toolUse",
      })
      .end(),

  // ELIC
  "elic-001-form-asks-for-password": () =>
    new Session({ client: { elicitation: { form: {} } } })
      .ask("elicitation/create", { mode: "form", message: "Log in to continue", requestedSchema: { type: "object", properties: { username: { type: "string", title: "Username" }, password: { type: "string", title: "Password" } }, required: ["username", "password"] } }, { action: "decline" })
      .end(),
  "elic-009-elicitation-answered-undeclared": () =>
    new Session().ask("elicitation/create", { message: "Your name?", requestedSchema: FORM }, { action: "accept", content: { name: "Ada" } }).end(),
  "elic-009-undeclared-mode-sent": () => {
    const s = new Session({ client: { elicitation: { form: {} } } });
    const id = s.request(S2C, "elicitation/create", { mode: "url", message: "Connect your account", url: "https://auth.example.com/connect", elicitationId: "el-1" });
    return s.error(C2S, id, -32602, "URL mode elicitation is not supported").end();
  },
  "elic-009-undeclared-mode-accepted": () =>
    new Session({ client: { elicitation: { form: {} } } })
      .ask("elicitation/create", { mode: "url", message: "Connect your account", url: "https://auth.example.com/connect", elicitationId: "el-1" }, { action: "accept" })
      .end(),
  "elic-015-complete-for-unknown-elicitation": () =>
    new Session({ client: { elicitation: { url: {} } } }).notify(S2C, "notifications/elicitation/complete", { elicitationId: "el-unknown" }).end(),
  "elic-020-required-error-without-elicitations": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "sync-drive", arguments: {} });
    return s.error(S2C, id, -32042, "This request requires more information.", { elicitations: [] }).end();
  },
  "elic-021-required-error-form-elicitation": () => {
    const s = new Session();
    const id = s.request(C2S, "tools/call", { name: "sync-drive", arguments: {} });
    return s.error(S2C, id, -32042, "This request requires more information.", { elicitations: [{ mode: "form", message: "Your name?", requestedSchema: FORM }] }).end();
  },
  "elic-041-form-with-clickable-url": () =>
    new Session({ client: { elicitation: {} } })
      .ask("elicitation/create", { message: "Create an account at https://signup.example.com first, then enter your name", requestedSchema: FORM }, { action: "accept", content: { name: "Ada" } })
      .end(),
  "elic-042-url-not-https": () =>
    new Session({ client: { elicitation: { url: {} } } })
      .ask("elicitation/create", { mode: "url", message: "Connect your account", url: "http://auth.example.com/connect", elicitationId: "el-1" }, { action: "accept" })
      .end(),
  "elic-054-accepted-content-off-schema": () =>
    new Session({ client: { elicitation: { form: {} } } })
      .ask("elicitation/create", { message: "Your age?", requestedSchema: { type: "object", properties: { age: { type: "integer", minimum: 18 } }, required: ["age"] } }, { action: "accept", content: { age: "old enough" } })
      .end(),
  "elic-060-elicitation-id-reused": () =>
    new Session({ client: { elicitation: { url: {} } } })
      .ask("elicitation/create", { mode: "url", message: "Connect Drive", url: "https://auth.example.com/drive", elicitationId: "el-1" }, { action: "accept" })
      .ask("elicitation/create", { mode: "url", message: "Connect Mail", url: "https://auth.example.com/mail", elicitationId: "el-1" }, { action: "accept" })
      .end(),
  "elic-061-content-with-decline": () =>
    new Session({ client: { elicitation: { form: {} } } })
      .ask("elicitation/create", { message: "Your name?", requestedSchema: FORM }, { action: "decline", content: { name: "Ada" } })
      .end(),
};

for (const [name, build] of Object.entries(traces)) {
  const events = build();
  writeFileSync(join(outDir, `${name}.jsonl`), `${events.map((e) => JSON.stringify(e)).join("\n")}\n`);
}
console.error(`${Object.keys(traces).length} traces`);
