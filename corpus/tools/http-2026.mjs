// The streamable-HTTP building blocks of the 2026-07-28 corpus, shared by its HTTP generators (gen-2026-http.mjs,
// gen-2026-auth.mjs): a POST exchange as one step and `write`, which turns steps into events shaped as
// `mcp-conf record http` writes them (docs/trace-format.md): a POST's http event, its body, then the response's http
// event and its message(s).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { out, serverInfo as serverMeta, V } from "./session-2026.mjs";

export const meta = (extra = {}) => ({
  "io.modelcontextprotocol/protocolVersion": V,
  "io.modelcontextprotocol/clientInfo": { name: "example-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
  ...extra,
});
/** One POST exchange: the request's headers and body, the response's status, headers and message(s). */
export function post(id, method, params, { headers = {}, status = 200, type = "application/json", answer, extra = [], abort = false, version } = {}) {
  const body = { jsonrpc: "2.0", id, method, params: { ...params, _meta: meta(version ? { "io.modelcontextprotocol/protocolVersion": version, ...(params._meta ?? {}) } : params._meta ?? {}) } };
  const name = method === "resources/read" ? params.uri : params.name;
  const routing = {
    "mcp-protocol-version": version ?? V,
    "mcp-method": method,
    ...(["tools/call", "prompts/get", "resources/read"].includes(method) ? { "mcp-name": name } : {}),
  };
  const request = { accept: "application/json, text/event-stream", "content-type": "application/json", ...routing, ...headers };
  for (const [key, value] of Object.entries(request)) if (value === undefined) delete request[key];
  const response = { "content-type": type, ...(type === "text/event-stream" ? { "x-accel-buffering": "no" } : {}) };
  return { id, request, body, status, response, answer, extra, abort };
}
export const ok = (id, result) => ({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: serverMeta, ...result } });
export const fail = (id, code, message, data) => ({ jsonrpc: "2.0", id, error: data ? { code, message, data } : { code, message } });
export const progress = (token, n, total) => ({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: n, total } });

/** Writes the steps as a streamable-HTTP trace: corpus/2026-07-28/<dir>/<name>.jsonl. */
export function write(dir, name, steps) {
  const T = "streamable-http";
  const events = [{ direction: "client-to-server", kind: "lifecycle", event: "transport-open" }];
  for (const step of steps) {
    if (step.raw) {
      events.push(...step.raw);
      continue;
    }
    events.push({ direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers: step.request });
    events.push({ direction: "client-to-server", kind: "message", payload: step.body });
    events.push({ direction: "server-to-client", kind: "http", status: step.status, headers: step.response });
    for (const message of step.extra) events.push({ direction: "server-to-client", kind: "message", payload: message });
    if (step.abort) events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-abort", meta: { reason: "the client closed the connection before the response ended" } });
    for (const message of step.late ?? []) events.push({ direction: "server-to-client", kind: "message", payload: message });
    if (step.answer) events.push({ direction: "server-to-client", kind: "message", payload: step.answer });
  }
  events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
  const text = events.map((event, seq) => {
    const { direction, kind, ...rest } = event;
    return JSON.stringify({ seq, direction, transport: T, kind, ...rest });
  });
  mkdirSync(join(out, dir), { recursive: true });
  writeFileSync(join(out, dir, `${name}.jsonl`), `${text.join("\n")}\n`);
}
