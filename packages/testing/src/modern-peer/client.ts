/**
 * A small MCP client that speaks 2026-07-28, driving a server through a tour of the stateless protocol: discover,
 * tools (a call whose `x-mcp-header` arguments travel as `Mcp-Param-*` headers, one of them Base64-encoded),
 * resources, prompts, a call streaming progress, a call cancelled midway (its response stream closed over HTTP,
 * `notifications/cancelled` over stdio), an unknown method and an unsupported version. Over HTTP every POST carries
 * the routing headers the specification requires.
 */
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { encodeHeaderValue, isPlainHeaderSafe } from "@mcp-conf/trace-format";
import { MODERN_REVISION, MODERN_TOOLS } from "./server.js";

type Json = Record<string, unknown>;

/** One way to reach the server: send a request and collect what comes back, up to its answer or a cancellation. */
export interface ModernClientTransport {
  /** Sends `message`; resolves with every message received for it. `cancelAfter`: cancel after that many. */
  request(message: Json, options?: { cancelAfter?: number }): Promise<Json[]>;
  close(): Promise<void>;
}

const CLIENT_META = {
  "io.modelcontextprotocol/protocolVersion": MODERN_REVISION,
  "io.modelcontextprotocol/clientInfo": { name: "mcp-conf-modern-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** The routing headers of one request, per Request Metadata: version, method, name, and mirrored arguments. */
export function routingHeaders(message: Json): Record<string, string> {
  const params = (message.params ?? {}) as Json;
  const meta = (params._meta ?? {}) as Json;
  const headers: Record<string, string> = {
    "MCP-Protocol-Version": String(meta["io.modelcontextprotocol/protocolVersion"]),
    "Mcp-Method": String(message.method),
  };
  const named = message.method === "resources/read" ? params.uri : params.name;
  if (["tools/call", "prompts/get", "resources/read"].includes(String(message.method))) {
    headers["Mcp-Name"] = mirrored(String(named));
  }
  if (message.method === "tools/call") {
    const tool = MODERN_TOOLS.find((t) => t.name === params.name);
    const args = (params.arguments ?? {}) as Json;
    for (const [property, schema] of Object.entries(tool?.inputSchema.properties ?? {})) {
      const name = (schema as Json)["x-mcp-header"];
      const value = args[property];
      if (typeof name !== "string" || value === undefined || value === null) continue;
      headers[`Mcp-Param-${name}`] = mirrored(String(value));
    }
  }
  return headers;
}

const mirrored = (value: string) => (isPlainHeaderSafe(value) ? value : encodeHeaderValue(value));

/**
 * Streamable HTTP: a POST per request, JSON or SSE back; closing the response stream cancels. `extraHeaders` go on
 * every POST (credentials, say, to show a recorder keeps them out of its trace).
 */
export function modernHttpTransport(url: string, extraHeaders: Record<string, string> = {}): ModernClientTransport {
  const agent = new http.Agent({ keepAlive: false });
  return {
    request(message, options = {}) {
      return new Promise((resolve, reject) => {
        const body = JSON.stringify(message);
        const req = http.request(url, {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "content-length": Buffer.byteLength(body),
            ...extraHeaders,
            ...routingHeaders(message),
          },
        });
        req.on("error", reject);
        req.on("response", (res) => {
          const received: Json[] = [];
          let text = "";
          const isSse = (res.headers["content-type"] ?? "").startsWith("text/event-stream");
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
            if (!isSse) return;
            let end = text.indexOf("\n\n");
            while (end >= 0) {
              const data = text
                .slice(0, end)
                .split("\n")
                .filter((line) => line.startsWith("data:"))
                .map((line) => line.slice(5).trim())
                .join("\n");
              text = text.slice(end + 2);
              if (data) received.push(JSON.parse(data) as Json);
              if (options.cancelAfter !== undefined && received.length >= options.cancelAfter) {
                res.destroy();
                resolve(received);
                return;
              }
              end = text.indexOf("\n\n");
            }
          });
          res.on("end", () => {
            if (!isSse && text) received.push(JSON.parse(text) as Json);
            resolve(received);
          });
        });
        req.end(body);
      });
    },
    async close() {
      agent.destroy();
    },
  };
}

/** stdio: a line per message to the child's stdin; cancelling sends `notifications/cancelled`. */
export function modernStdioTransport(child: ChildProcess): ModernClientTransport {
  const waiting = new Map<string, { received: Json[]; done(): void; cancelAfter?: number; token?: unknown }>();
  let buffered = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) deliver(JSON.parse(line) as Json);
      newline = buffered.indexOf("\n");
    }
  });
  const send = (message: Json) => child.stdin!.write(`${JSON.stringify(message)}\n`);

  function deliver(message: Json): void {
    const token = ((message.params ?? {}) as Json).progressToken;
    for (const [key, entry] of waiting) {
      const mine = message.id !== undefined ? JSON.stringify(message.id) === key : token === entry.token;
      if (!mine) continue;
      entry.received.push(message);
      if (message.id !== undefined) entry.done();
      else if (entry.cancelAfter !== undefined && entry.received.length >= entry.cancelAfter) {
        send({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId: JSON.parse(key), reason: "enough" },
        });
        entry.done();
      }
      return;
    }
  }

  return {
    request(message, options = {}) {
      return new Promise((resolve) => {
        const key = JSON.stringify(message.id);
        const received: Json[] = [];
        const token = (((message.params ?? {}) as Json)._meta as Json | undefined)?.progressToken;
        waiting.set(key, {
          received,
          token,
          ...(options.cancelAfter !== undefined ? { cancelAfter: options.cancelAfter } : {}),
          done: () => {
            waiting.delete(key);
            resolve(received);
          },
        });
        send(message);
      });
    },
    async close() {
      child.stdin!.end();
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The tour; resolves with what each step received, by step name. */
export async function runModernTour(transport: ModernClientTransport): Promise<Record<string, Json[]>> {
  let id = 0;
  const call = (method: string, params: Json = {}, meta: Json = {}) => ({
    jsonrpc: "2.0",
    id: ++id,
    method,
    params: { ...params, _meta: { ...CLIENT_META, ...meta } },
  });
  const out: Record<string, Json[]> = {};
  const step = async (name: string, message: Json, options?: { cancelAfter?: number }) => {
    out[name] = await transport.request(message, options);
  };
  await step("discover", call("server/discover"));
  await step("tools", call("tools/list"));
  await step(
    "weather",
    call("tools/call", { name: "get_weather", arguments: { region: "us-west1", city: "Köln", days: 3 } }),
  );
  await step("weather-plain", call("tools/call", { name: "get_weather", arguments: { city: "Oslo", region: null } }));
  await step("resources", call("resources/list"));
  await step("read", call("resources/read", { uri: "file:///project/config.json" }));
  await step("prompts", call("prompts/list"));
  await step("prompt", call("prompts/get", { name: "summarise", arguments: { text: "MCP" } }));
  await step(
    "countdown",
    call("tools/call", { name: "countdown", arguments: { n: 2, delayMs: 5 } }, { progressToken: "count-1" }),
  );
  await step(
    "cancelled",
    call("tools/call", { name: "countdown", arguments: { n: 100, delayMs: 20 } }, { progressToken: "count-2" }),
    { cancelAfter: 1 },
  );
  await step("unknown-method", call("weather/forecast"));
  await step(
    "unsupported-version",
    call("tools/list", {}, { "io.modelcontextprotocol/protocolVersion": "2099-01-01" }),
  );
  return out;
}
