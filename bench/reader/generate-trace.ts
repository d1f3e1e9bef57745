/**
 * A synthetic but realistic trace for benchmarks: sessions over stdio and streamable HTTP with the message mix and
 * sizes of real MCP traffic (initialize, large tools/list results, tool calls with small arguments and results of
 * a few hundred bytes to a few KiB, progress and log notifications, HTTP request/response events with headers,
 * stderr and the odd non-JSON line). Deterministic for a given seed, so every run measures the same bytes.
 */

/** A small, fast, seeded PRNG (mulberry32). */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "the server returns a list of tools with their input schema so that the client can call them by name and read structured content back from each result".split(
    " ",
  );

function sentence(random: () => number, bytes: number): string {
  let text = "";
  while (text.length < bytes) text += `${WORDS[Math.floor(random() * WORDS.length)]} `;
  return text.slice(0, bytes);
}

function toolDefinition(random: () => number, index: number): unknown {
  return {
    name: `tool_${index}_${sentence(random, 8).replace(/\s/g, "_")}`,
    title: sentence(random, 20),
    description: sentence(random, 120 + Math.floor(random() * 300)),
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: sentence(random, 60) },
        limit: { type: "integer", minimum: 1, maximum: 100 },
        options: { type: "object", properties: { verbose: { type: "boolean" } } },
      },
      required: ["query"],
    },
  };
}

type Line = Record<string, unknown>;

/** Generates `count` events as JSONL text (one trailing newline). */
export function generateTrace(count: number, seed = 42): string {
  const random = randomSource(seed);
  const lines: string[] = [];
  let seq = 0;
  let nextId = 0;
  let session = 0;
  const emit = (line: Line) => {
    if (lines.length < count) lines.push(JSON.stringify({ seq: seq++, ...line }));
  };
  const ts = () => new Date(Date.UTC(2025, 10, 25, 12, 0, 0, seq * 3)).toISOString();

  while (lines.length < count) {
    const transport = session % 3 === 2 ? "streamable-http" : "stdio";
    const sessionId = `${session.toString(16).padStart(8, "0")}-5f2e-4c1a-9a77-${(session * 7919).toString(16).padStart(12, "0")}`;
    session++;
    const c2s = { direction: "client-to-server", transport };
    const s2c = { direction: "server-to-client", transport };
    const httpRequest = (method: string) => {
      if (transport !== "streamable-http") return;
      emit({
        ...c2s,
        kind: "http",
        ts: ts(),
        method,
        path: "/mcp",
        headers: {
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "mcp-protocol-version": "2025-11-25",
          "mcp-session-id": sessionId,
        },
      });
    };
    const httpResponse = (status: number) => {
      if (transport !== "streamable-http") return;
      emit({ ...s2c, kind: "http", ts: ts(), status, headers: { "content-type": "text/event-stream" } });
    };
    const request = (method: string, params: unknown, result: unknown) => {
      const id = nextId++;
      httpRequest("POST");
      emit({ ...c2s, kind: "message", ts: ts(), payload: { jsonrpc: "2.0", id, method, params } });
      httpResponse(200);
      emit({ ...s2c, kind: "message", ts: ts(), payload: { jsonrpc: "2.0", id, result } });
    };

    emit({
      ...c2s,
      kind: "lifecycle",
      ts: ts(),
      event: "transport-open",
      meta: { label: "bench", session: sessionId, recorder: { name: "mcp-conf", version: "0.1.0" } },
    });
    request(
      "initialize",
      {
        protocolVersion: "2025-11-25",
        capabilities: { sampling: {} },
        clientInfo: { name: "bench", version: "1.0.0" },
      },
      {
        protocolVersion: "2025-11-25",
        capabilities: { tools: { listChanged: true }, logging: {} },
        serverInfo: { name: "bench-server", version: "2.3.1" },
        instructions: sentence(random, 200),
      },
    );
    httpRequest("POST");
    emit({ ...c2s, kind: "message", ts: ts(), payload: { jsonrpc: "2.0", method: "notifications/initialized" } });
    httpResponse(202);
    const tools = Array.from({ length: 5 + Math.floor(random() * 20) }, (_, i) => toolDefinition(random, i));
    request("tools/list", {}, { tools });
    const calls = 20 + Math.floor(random() * 60);
    for (let call = 0; call < calls && lines.length < count; call++) {
      const roll = random();
      if (roll < 0.1) {
        emit({
          ...s2c,
          kind: "message",
          ts: ts(),
          payload: {
            jsonrpc: "2.0",
            method: "notifications/message",
            params: { level: "info", logger: "bench", data: sentence(random, 80) },
          },
        });
      } else if (roll < 0.15 && transport === "stdio") {
        emit({ ...s2c, kind: "stderr", ts: ts(), text: `[debug] ${sentence(random, 60)}` });
      } else if (roll < 0.16 && transport === "stdio") {
        emit({ ...s2c, kind: "raw", ts: ts(), text: `server log: ${sentence(random, 40)}` });
      } else if (roll < 0.25) {
        request("ping", {}, {});
      } else {
        const size = random() < 0.9 ? 200 + Math.floor(random() * 1500) : 4000 + Math.floor(random() * 12000);
        request(
          "tools/call",
          {
            name: `tool_${Math.floor(random() * 5)}`,
            arguments: { query: sentence(random, 30), limit: 10 },
            _meta: { progressToken: nextId },
          },
          {
            content: [{ type: "text", text: sentence(random, size) }],
            structuredContent: { hits: Math.floor(random() * 100), took: random() * 50 },
            isError: random() < 0.05,
          },
        );
      }
    }
    emit({ ...c2s, kind: "lifecycle", ts: ts(), event: "transport-close" });
  }
  return `${lines.join("\n")}\n`;
}
