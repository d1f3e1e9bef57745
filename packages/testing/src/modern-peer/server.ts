/**
 * A small hand-written MCP server that speaks 2026-07-28, for tests that need a server whose every reaction we
 * choose: routing-header validation with a configurable status, Base64 `Mcp-Param-*` values, a cancelled call's
 * stream. The real 2026-07-28 peers are the official SDKs (peers/ and src/peers/catalogue.ts; the TypeScript SDK v2
 * records corpus/2026-07-28/real/): use one of them unless a test needs a reaction no SDK gives on demand.
 * Stateless, every request carrying its `_meta`; over streamable HTTP it validates the routing headers as the
 * specification's Server Validation says (400 + -32020 on a mismatch, 404 + -32601 for an unknown method, 400 +
 * -32022 for an unsupported version, 405 for GET and DELETE) and answers with JSON, or with an SSE stream carrying
 * progress before the result. Over stdio the same handler answers line by line. `answer()` is the protocol, free
 * of any transport.
 */
import { readHeaderValue } from "@mcp-conf/trace-format";

export const MODERN_REVISION = "2026-07-28";
const SERVER_META = { "io.modelcontextprotocol/serverInfo": { name: "mcp-conf-modern-peer", version: "1.0.0" } };
const CACHE = { ttlMs: 60000, cacheScope: "public" };

type Json = Record<string, unknown>;

/** The tools; `get_weather` mirrors `region` and `city` into `Mcp-Param-Region` and `Mcp-Param-City`. */
export const MODERN_TOOLS = [
  {
    name: "get_weather",
    description: "Current weather for a city",
    inputSchema: {
      type: "object",
      properties: {
        // Nullable: the client tour sends `region: null`, which the spec's header table covers (no header for it).
        region: { type: ["string", "null"], description: "Cloud region answering", "x-mcp-header": "Region" },
        city: { type: "string", description: "The city", "x-mcp-header": "City" },
        days: { type: "integer", description: "Days of forecast", "x-mcp-header": "Days" },
      },
      required: ["city"],
    },
  },
  {
    name: "countdown",
    description: "Counts down from n, one progress notification per step, then answers",
    inputSchema: {
      type: "object",
      properties: { n: { type: "integer" }, delayMs: { type: "integer" } },
      required: ["n"],
    },
  },
];

const RESOURCE = { uri: "file:///project/config.json", name: "config.json", mimeType: "application/json" };
const PROMPT = { name: "summarise", description: "Summarise a text", arguments: [{ name: "text", required: true }] };

/** What a request gets: a JSON-RPC answer with its HTTP status, and the progress notifications that precede it. */
export interface ModernAnswer {
  status: number;
  message: Json;
  progress?: { token: string | number; steps: number; delayMs: number };
}

const complete = (id: unknown, result: Json): ModernAnswer => ({
  status: 200,
  message: { jsonrpc: "2.0", id, result: { resultType: "complete", _meta: SERVER_META, ...result } },
});
const failure = (id: unknown, status: number, code: number, message: string, data?: Json): ModernAnswer => ({
  status,
  message: { jsonrpc: "2.0", id, error: data ? { code, message, data } : { code, message } },
});

/** The answer to one request (already past the transport's own validation). */
export function answer(request: Json): ModernAnswer {
  const id = request.id;
  const params = (request.params ?? {}) as Json;
  const meta = (params._meta ?? {}) as Json;
  const version = meta["io.modelcontextprotocol/protocolVersion"];
  if (version !== MODERN_REVISION) {
    return failure(id, 400, -32022, "Unsupported protocol version", {
      supported: [MODERN_REVISION],
      ...(typeof version === "string" ? { requested: version } : {}),
    });
  }
  switch (request.method) {
    case "server/discover":
      return complete(id, {
        supportedVersions: [MODERN_REVISION],
        capabilities: { tools: {}, resources: {}, prompts: {} },
        ...CACHE,
      });
    case "tools/list":
      return complete(id, { tools: MODERN_TOOLS, ...CACHE });
    case "tools/call":
      return callTool(id, params);
    case "resources/list":
      return complete(id, { resources: [RESOURCE], ...CACHE });
    case "resources/read":
      if (params.uri !== RESOURCE.uri) return failure(id, 200, -32602, `Unknown resource ${String(params.uri)}`);
      return complete(id, { contents: [{ uri: RESOURCE.uri, mimeType: RESOURCE.mimeType, text: "{}" }], ...CACHE });
    case "prompts/list":
      return complete(id, { prompts: [PROMPT], ...CACHE });
    case "prompts/get": {
      const text = String(((params.arguments ?? {}) as Json).text ?? "");
      return complete(id, {
        messages: [{ role: "user", content: { type: "text", text: `Summarise: ${text}` } }],
      });
    }
    default:
      return failure(id, 404, -32601, "Method not found");
  }
}

function callTool(id: unknown, params: Json): ModernAnswer {
  const args = (params.arguments ?? {}) as Json;
  if (params.name === "get_weather") {
    return complete(id, { content: [{ type: "text", text: `${String(args.city)}: 18°C, clear` }], isError: false });
  }
  if (params.name === "countdown") {
    const token = ((params._meta ?? {}) as Json).progressToken;
    const steps = Number(args.n ?? 0);
    const out = complete(id, { content: [{ type: "text", text: "lift-off" }], isError: false });
    if (typeof token === "string" || typeof token === "number") {
      out.progress = { token, steps, delayMs: Number(args.delayMs ?? 10) };
    }
    return out;
  }
  return failure(id, 200, -32602, `Unknown tool ${String(params.name)}`);
}

/** The value an argument is mirrored as (string, integer or boolean; others are not mirrored). */
function headerText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isInteger(value)) return String(value);
  return undefined;
}

/**
 * Server Validation of the routing headers (names lower-case): the problem with a request's headers, or undefined
 * when they agree with its body.
 */
export function headerProblem(
  headers: Readonly<Record<string, string | undefined>>,
  request: Json,
): string | undefined {
  const params = (request.params ?? {}) as Json;
  const meta = (params._meta ?? {}) as Json;
  const version = headers["mcp-protocol-version"];
  if (version === undefined) return "the MCP-Protocol-Version header is missing";
  if (version !== meta["io.modelcontextprotocol/protocolVersion"]) {
    return `MCP-Protocol-Version ${version} does not match the body's _meta protocolVersion`;
  }
  if (headers["mcp-method"] !== request.method) return "Mcp-Method does not match the body's method";
  const named = { "tools/call": params.name, "prompts/get": params.name, "resources/read": params.uri }[
    String(request.method)
  ];
  if (named !== undefined) {
    const sent = headers["mcp-name"];
    if (sent === undefined) return "the Mcp-Name header is missing";
    if (readHeaderValue(sent).value !== named) return "Mcp-Name does not match the body";
  }
  if (request.method === "tools/call") {
    const tool = MODERN_TOOLS.find((t) => t.name === params.name);
    const args = (params.arguments ?? {}) as Json;
    for (const [property, schema] of Object.entries(tool?.inputSchema.properties ?? {})) {
      const name = (schema as Json)["x-mcp-header"];
      if (typeof name !== "string") continue;
      const expected = headerText(args[property]);
      const sent = headers[`mcp-param-${name.toLowerCase()}`];
      if (expected === undefined && sent === undefined) continue;
      if (sent === undefined) return `Mcp-Param-${name} is missing`;
      const reading = readHeaderValue(sent);
      if (!reading.encoded && /[^\x20-\x7e\t]/.test(sent)) return `Mcp-Param-${name} holds invalid characters`;
      if (reading.value !== expected) return `Mcp-Param-${name} does not match the argument ${property}`;
    }
  }
  return undefined;
}
