// Writes corpus/2025-11-25/good/canc-desktop-host-agent-tasks.jsonl: a hand-written, complete stdio session between a
// desktop host and an agent server that uses what the recorded server-everything sessions do not: sampling with
// a tool loop and toolChoice, client-side tasks (a task-augmented sampling request), task progress, a failed task,
// tool calls a client makes before listing the tools (answered -32601 by task support), the URL-elicitation
// error path with completion notifications, and a cancellation the server honours.
// `node corpus/tools/client-areas-good.mjs`
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { C2S, S2C, Session } from "./trace-session.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "2025-11-25", "good", "canc-desktop-host-agent-tasks.jsonl");
const related = (taskId) => ({ "io.modelcontextprotocol/related-task": { taskId } });
const task = (taskId, status, at, extra = {}) => ({ taskId, status, createdAt: "2026-03-02T09:15:00Z", lastUpdatedAt: at, ttl: 120000, pollInterval: 2000, ...extra });
const text = (t) => ({ content: [{ type: "text", text: t }] });
const WEATHER = { name: "get_weather", description: "Current weather for a city", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
const TOOLS = [
  { name: "deep-scan", title: "Deep repository scan", description: "Scans a repository for vulnerable dependencies", inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] }, execution: { taskSupport: "required" } },
  { name: "research", description: "Researches a topic on the web", inputSchema: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] }, execution: { taskSupport: "optional" } },
  { name: "plan-trip", description: "Plans a trip with the host's model", inputSchema: { type: "object", properties: { cities: { type: "array", items: { type: "string" } } } } },
  { name: "sync-drive", description: "Syncs files from the user's cloud drive", inputSchema: { type: "object" } },
  { name: "echo", description: "Echoes a message", inputSchema: { type: "object", properties: { message: { type: "string" } } } },
];

const s = new Session({
  client: {
    roots: { listChanged: true },
    sampling: { tools: {} },
    elicitation: { form: {}, url: {} },
    tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
  },
  server: { tools: { listChanged: true }, logging: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
  clientInfo: { name: "desktop-host", version: "3.4.1" },
  serverInfo: { name: "agent-server", version: "0.9.0" },
});

// The server learns the client's roots; later the user adds a folder and the client says so.
s.ask("roots/list", undefined, { roots: [{ uri: "file:///Users/ada/code/atlas", name: "atlas" }] });

// An eager client calls tools before listing them: the server answers by each tool's task support.
let id = s.request(C2S, "tools/call", { name: "deep-scan", arguments: { repo: "atlas" } });
s.error(S2C, id, -32601, "Tool deep-scan must be invoked as a task");
id = s.request(C2S, "tools/call", { name: "echo", arguments: { message: "hi" }, task: {} });
s.error(S2C, id, -32601, "Tool echo does not support task-augmented execution");
s.call("tools/list", undefined, { tools: TOOLS });

// A required-task tool run as a task, with progress under its token, polled to completion.
const T1 = "tsk_5e1b7c2a9d4f4e0b8a6c3d2e1f0a9b8c";
s.call("tools/call", { name: "deep-scan", arguments: { repo: "atlas" }, task: { ttl: 120000 }, _meta: { progressToken: "scan-1" } }, { task: task(T1, "working", "2026-03-02T09:15:00Z") });
s.notify(S2C, "notifications/progress", { progressToken: "scan-1", progress: 1, total: 3, message: "Resolving dependencies", _meta: related(T1) });
s.call("tasks/get", { taskId: T1 }, task(T1, "working", "2026-03-02T09:15:02Z", { statusMessage: "Resolving dependencies" }));
s.notify(S2C, "notifications/progress", { progressToken: "scan-1", progress: 2, total: 3, message: "Checking advisories", _meta: related(T1) });
s.notify(S2C, "notifications/progress", { progressToken: "scan-1", progress: 3, total: 3, message: "Writing report", _meta: related(T1) });
s.notify(S2C, "notifications/tasks/status", task(T1, "completed", "2026-03-02T09:15:05Z", { statusMessage: "Scan finished" }));
s.call("tasks/get", { taskId: T1 }, task(T1, "completed", "2026-03-02T09:15:05Z", { statusMessage: "Scan finished" }));
s.call("tasks/result", { taskId: T1 }, { ...text("2 vulnerable dependencies: lodash@4.17.20, minimist@1.2.5"), isError: false, _meta: related(T1) });

// A research task that fails.
const T2 = "tsk_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f";
s.call("tools/call", { name: "research", arguments: { topic: "tidal energy" }, task: { ttl: 60000 } }, { task: task(T2, "working", "2026-03-02T09:16:00Z") });
s.call("tasks/get", { taskId: T2 }, task(T2, "failed", "2026-03-02T09:16:03Z", { statusMessage: "Search provider rate limit exceeded" }));
s.call("tasks/result", { taskId: T2 }, { ...text("Search provider rate limit exceeded"), isError: true, _meta: related(T2) });
s.call("tasks/list", undefined, { tasks: [task(T1, "completed", "2026-03-02T09:15:05Z", { statusMessage: "Scan finished" }), task(T2, "failed", "2026-03-02T09:16:03Z", { statusMessage: "Search provider rate limit exceeded" })] });

// plan-trip: the server samples the host's model with a tool loop.
const plan = s.request(C2S, "tools/call", { name: "plan-trip", arguments: { cities: ["Paris", "London"] } });
const question = { role: "user", content: { type: "text", text: "Plan a weekend in Paris or London depending on the weather." } };
const uses = [
  { type: "tool_use", id: "toolu_01", name: "get_weather", input: { city: "Paris" } },
  { type: "tool_use", id: "toolu_02", name: "get_weather", input: { city: "London" } },
];
s.ask("sampling/createMessage", { messages: [question], tools: [WEATHER], toolChoice: { mode: "required" }, maxTokens: 800 }, { role: "assistant", content: uses, model: "host-model-large", stopReason: "toolUse" });
const results = {
  role: "user",
  content: [
    { type: "tool_result", toolUseId: "toolu_01", content: [{ type: "text", text: "Paris: 19°C, sunny" }] },
    { type: "tool_result", toolUseId: "toolu_02", content: [{ type: "text", text: "London: 14°C, showers" }] },
  ],
};
s.ask(
  "sampling/createMessage",
  { messages: [question, { role: "assistant", content: uses }, results], tools: [WEATHER], toolChoice: { mode: "none" }, maxTokens: 800 },
  { role: "assistant", content: { type: "text", text: "Go to Paris: 19°C and sunny versus showers in London." }, model: "host-model-large", stopReason: "endTurn" },
);
s.result(S2C, plan, text("Weekend plan: Paris (19°C, sunny)."));

// The server asks the host to run a sampling request as a client-side task, polls it and fetches the result.
const T3 = "host-task-7d1e";
s.ask("sampling/createMessage", { messages: [{ role: "user", content: { type: "text", text: "Summarise the scan report in one sentence." } }], maxTokens: 200, task: { ttl: 60000 } }, { task: task(T3, "working", "2026-03-02T09:17:00Z") });
s.ask("tasks/get", { taskId: T3 }, task(T3, "completed", "2026-03-02T09:17:04Z"));
s.ask("tasks/result", { taskId: T3 }, { role: "assistant", content: { type: "text", text: "Two outdated packages need upgrading." }, model: "host-model-small", stopReason: "endTurn", _meta: related(T3) });

// sync-drive needs a third-party authorisation first: the URL-elicitation error path, then the request path.
id = s.request(C2S, "tools/call", { name: "sync-drive", arguments: {} });
s.error(S2C, id, -32042, "This request requires more information.", {
  elicitations: [{ mode: "url", elicitationId: "el-drive-1", url: "https://agent.example.com/connect/drive?elicitationId=el-drive-1", message: "Authorise access to your drive." }],
});
s.notify(S2C, "notifications/elicitation/complete", { elicitationId: "el-drive-1" });
const sync = s.request(C2S, "tools/call", { name: "sync-drive", arguments: {} });
s.ask("elicitation/create", { mode: "url", elicitationId: "el-drive-2", url: "https://agent.example.com/connect/drive-scope?elicitationId=el-drive-2", message: "Grant read access to the Projects folder." }, { action: "accept" });
s.notify(S2C, "notifications/elicitation/complete", { elicitationId: "el-drive-2" });
s.ask(
  "elicitation/create",
  { message: "Which folder should be synced?", requestedSchema: { type: "object", properties: { folder: { type: "string", title: "Folder", enum: ["Projects", "Photos"] }, keepDeleted: { type: "boolean", title: "Keep deleted files" } }, required: ["folder"] } },
  { action: "accept", content: { folder: "Projects", keepDeleted: false } },
);
s.result(S2C, sync, text("Synced 42 files from Projects."));

// The user adds a root; the client announces it and the server lists the roots again.
s.notify(C2S, "notifications/roots/list_changed");
s.ask("roots/list", undefined, { roots: [{ uri: "file:///Users/ada/code/atlas", name: "atlas" }, { uri: "file:///Users/ada/code/beacon", name: "beacon" }] });

// A research call the user stops: the server stops reporting progress and sends no response.
const stopped = s.request(C2S, "tools/call", { name: "research", arguments: { topic: "deep sea vents" }, _meta: { progressToken: "research-9" } });
s.notify(S2C, "notifications/progress", { progressToken: "research-9", progress: 1, total: 5, message: "Searching" });
s.notify(C2S, "notifications/cancelled", { requestId: stopped, reason: "User stopped the research" });
s.call("tools/call", { name: "echo", arguments: { message: "still there?" } }, text("still there?"));

const events = s.end();
writeFileSync(out, `${events.map((e) => JSON.stringify(e)).join("\n")}\n`);
console.error(`${events.length} events`);
