/**
 * The validator benchmark's session in 2026-07-28 shape: no initialize, `server/discover` then `tools/list`, every
 * request carrying its protocol version, client info and capabilities in `_meta`, every result `resultType:
 * "complete"` with the server's info in `_meta`, caching hints on lists and reads. The mix follows the 2025-11-25
 * session (tool calls with progress, echo calls, resource reads) without what 2026-07-28 removed (ping) or
 * deprecated (logging). Generated lazily and deterministic, like the other.
 */
import type { TraceEvent } from "@mcp-conf/trace-format";
import { toolDefinitions, transportOpen } from "./generate-session.js";

const REVISION = "2026-07-28";
const CLIENT_META = {
  "io.modelcontextprotocol/protocolVersion": REVISION,
  "io.modelcontextprotocol/clientInfo": { name: "bench-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const SERVER_META = { "io.modelcontextprotocol/serverInfo": { name: "mcp-servers/everything", version: "2026.8.31" } };
const CACHE_HINTS = { ttlMs: 60_000, cacheScope: "public" };

/** Messages a generated 2026-07-28 session holds at least: discovery, the tool listing and one call. */
export const MIN_MESSAGES_2026 = 6;

/**
 * How many progress notifications the next tool call sends (0: an echo call or a resource read, two messages). The
 * last few messages pick sizes that end exactly at zero; one message left over never happens.
 */
function stepsFor(left: number, round: number): number {
  if (left === 2) return 0;
  if (left === 3 || left === 5) return 1;
  if (left === 4) return 2;
  if (round % 50 === 0) return 1;
  return round % 3 !== 0 ? 2 : 0;
}

/** The events of one 2026-07-28 session with exactly `messages` message events, between transport-open and -close. */
export function* sessionEvents2026(messages: number): Generator<TraceEvent> {
  if (!Number.isInteger(messages) || messages < MIN_MESSAGES_2026) {
    throw new Error(`a 2026-07-28 session needs at least ${MIN_MESSAGES_2026} messages`);
  }
  let seq = 0;
  let left = messages;
  const message = (direction: TraceEvent["direction"], payload: unknown): TraceEvent => {
    left--;
    return { seq: seq++, direction, transport: "stdio", kind: "message", payload };
  };
  const request = (id: number, method: string, params: Record<string, unknown> = {}, meta: object = {}) =>
    message("client-to-server", {
      jsonrpc: "2.0",
      id,
      method,
      params: { _meta: { ...CLIENT_META, ...meta }, ...params },
    });
  const result = (id: number, fields: Record<string, unknown>) =>
    message("server-to-client", {
      jsonrpc: "2.0",
      id,
      result: { resultType: "complete", _meta: SERVER_META, ...fields },
    });
  const progress = (token: string, done: number, total: number) =>
    message("server-to-client", {
      jsonrpc: "2.0",
      method: "notifications/progress",
      params: { progressToken: token, progress: done, total },
    });

  yield transportOpen(seq++);
  yield request(0, "server/discover");
  yield result(0, {
    supportedVersions: [REVISION],
    capabilities: { tools: {}, resources: {} },
    instructions: "A server exercising every feature of MCP.",
    ...CACHE_HINTS,
  });
  yield request(1, "tools/list");
  yield result(1, { tools: toolDefinitions(), ...CACHE_HINTS });

  let id = 2;
  let round = 0;
  while (left > 0) {
    round++;
    // A call with `steps` progress notifications takes steps + 2 messages.
    const steps = stepsFor(left, round);
    if (steps > 0 || left === 2 || round % 7 !== 0) {
      const token = `progress-${id}`;
      const callId = id++;
      if (steps > 0) {
        yield request(
          callId,
          "tools/call",
          { name: "trigger-long-running-operation", arguments: { duration: steps, steps } },
          { progressToken: token },
        );
        for (let step = 1; step <= steps; step++) yield progress(token, step, steps);
        const text = `Long running operation completed. Duration: ${steps} seconds, Steps: ${steps}.`;
        yield result(callId, { content: [{ type: "text", text }] });
      } else {
        yield request(callId, "tools/call", { name: "echo", arguments: { message: `hello ${callId}` } });
        yield result(callId, { content: [{ type: "text", text: `Echo: hello ${callId}` }] });
      }
    } else {
      const uri = `demo://resource/static/document/doc-${round % 10}.md`;
      const readId = id++;
      yield request(readId, "resources/read", { uri });
      const text = `# Document ${round % 10}\n\nA static document the server exposes as a resource.\n`;
      yield result(readId, { contents: [{ uri, mimeType: "text/markdown", text }], ...CACHE_HINTS });
    }
  }
  yield { seq: seq++, direction: "client-to-server", transport: "stdio", kind: "lifecycle", event: "transport-close" };
}

/** The 2026-07-28 session as JSONL text. */
export function sessionText2026(messages: number): string {
  let text = "";
  for (const event of sessionEvents2026(messages)) text += `${JSON.stringify(event)}\n`;
  return text;
}
