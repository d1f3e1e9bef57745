/**
 * A realistic, conforming MCP session over stdio for the validator benchmark, shaped like a client driving
 * server-everything: the handshake, a tools/list with a dozen tools, then thousands of tools/call (most with a
 * progress token and progress notifications before the result), resources/read now and then, pings, and log
 * notifications. Generated lazily, event by event, so a million-event stream never sits in memory. Deterministic.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";

const REVISION = "2025-11-25";

/** The tools the generated server lists: server-everything's echo, sum and long-running operation, and nine lookups. */
export function toolDefinitions(): unknown[] {
  const tools: unknown[] = [
    {
      name: "echo",
      description: "Echoes back the input",
      inputSchema: {
        type: "object",
        properties: { message: { type: "string", description: "Message to echo" } },
        required: ["message"],
      },
    },
    {
      name: "get-sum",
      description: "Returns the sum of two numbers",
      inputSchema: {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "number" } },
        required: ["a", "b"],
      },
    },
    {
      name: "trigger-long-running-operation",
      description: "Demonstrates a long running operation with progress updates",
      inputSchema: {
        type: "object",
        properties: {
          duration: { type: "number", default: 10, description: "Duration of the operation in seconds" },
          steps: { type: "number", default: 5, description: "Number of steps in the operation" },
        },
      },
    },
  ];
  for (let i = 0; i < 9; i++) {
    tools.push({
      name: `lookup_record_${i}`,
      title: `Look up record set ${i}`,
      description: `Finds records in set ${i} matching a query and returns them as text, at most limit of them.`,
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: "What to look for" },
          limit: { type: "integer", minimum: 1, maximum: 100 },
        },
        required: ["query"],
      },
      annotations: { readOnlyHint: true },
    });
  }
  return tools;
}

/** The session's first event, as `record stdio` writes it around server-everything. */
export function transportOpen(seq: number): TraceEvent {
  return {
    seq,
    direction: "client-to-server",
    transport: "stdio",
    kind: "lifecycle",
    event: "transport-open",
    meta: { label: "bench", command: ["node", "server-everything/dist/index.js", "stdio"] },
  };
}

/** Messages a generated session holds at least: the handshake and the tool listing. */
export const MIN_MESSAGES = 5;

/**
 * The events of one session with exactly `messages` message events, between a transport-open and a
 * transport-close (so `messages + 2` events in all).
 */
export function* sessionEvents(messages: number): Generator<TraceEvent> {
  if (!Number.isInteger(messages) || messages < MIN_MESSAGES) {
    throw new Error(`a session needs at least ${MIN_MESSAGES} messages`);
  }
  let seq = 0;
  let left = messages;
  const c2s = (payload: unknown): TraceEvent => {
    left--;
    return { seq: seq++, direction: "client-to-server", transport: "stdio", kind: "message", payload };
  };
  const s2c = (payload: unknown): TraceEvent => {
    left--;
    return { seq: seq++, direction: "server-to-client", transport: "stdio", kind: "message", payload };
  };

  yield transportOpen(seq++);
  yield c2s({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: {
      protocolVersion: REVISION,
      capabilities: { roots: { listChanged: true } },
      clientInfo: { name: "bench-client", version: "1.0.0" },
    },
  });
  yield s2c({
    jsonrpc: "2.0",
    id: 0,
    result: {
      protocolVersion: REVISION,
      capabilities: { tools: {}, resources: {}, logging: {} },
      serverInfo: { name: "mcp-servers/everything", version: "2026.8.31" },
      instructions: "A server exercising every feature of MCP.",
    },
  });
  yield c2s({ jsonrpc: "2.0", method: "notifications/initialized" });
  yield c2s({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  yield s2c({ jsonrpc: "2.0", id: 1, result: { tools: toolDefinitions() } });

  let id = 2;
  let round = 0;
  while (left > 0) {
    round++;
    if (left === 1 || round % 50 === 0) {
      yield s2c({
        jsonrpc: "2.0",
        method: "notifications/message",
        params: { level: "info", logger: "everything", data: `round ${round}: all good` },
      });
    } else if (left >= 4 && round % 3 !== 0) {
      // A tool call with a progress token, two progress notifications and the result: 4 messages.
      const token = `progress-${id}`;
      yield c2s({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: {
          name: "trigger-long-running-operation",
          arguments: { duration: 2, steps: 2 },
          _meta: { progressToken: token },
        },
      });
      yield s2c({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token, progress: 1, total: 2 },
      });
      yield s2c({
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: token, progress: 2, total: 2 },
      });
      yield s2c({
        jsonrpc: "2.0",
        id: id++,
        result: {
          content: [{ type: "text", text: "Long running operation completed. Duration: 2 seconds, Steps: 2." }],
        },
      });
    } else if (round % 7 === 0) {
      yield c2s({
        jsonrpc: "2.0",
        id,
        method: "resources/read",
        params: { uri: `demo://resource/static/document/doc-${round % 10}.md` },
      });
      yield s2c({
        jsonrpc: "2.0",
        id: id++,
        result: {
          contents: [
            {
              uri: `demo://resource/static/document/doc-${round % 10}.md`,
              mimeType: "text/markdown",
              text: `# Document ${round % 10}\n\nA static document the server exposes as a resource.\n`,
            },
          ],
        },
      });
    } else if (round % 5 === 0) {
      yield c2s({ jsonrpc: "2.0", id, method: "ping" });
      yield s2c({ jsonrpc: "2.0", id: id++, result: {} });
    } else {
      yield c2s({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "echo", arguments: { message: `hello ${id}` } },
      });
      yield s2c({ jsonrpc: "2.0", id: id++, result: { content: [{ type: "text", text: `Echo: hello ${id - 1}` }] } });
    }
  }
  yield { seq: seq++, direction: "client-to-server", transport: "stdio", kind: "lifecycle", event: "transport-close" };
}

/** The session as JSONL text. */
export function sessionText(messages: number): string {
  let text = "";
  for (const event of sessionEvents(messages)) text += `${JSON.stringify(event)}\n`;
  return text;
}
