// Writes the stdio transport violation traces of corpus/2026-07-28/: each the good stdio session (session-2026.mjs)
// with one defect of the stdio binding or its backward-compatibility probe. Run: node corpus/tools/gen-2026-transport.mjs
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { at, meta, out, req, session, write, writeCoViolations } from "./session-2026.mjs";

/** The good session's messages over the deprecated HTTP+SSE transport: each client message a POST, answers on the stream. */
function writeOverHttpSse(name, steps) {
  const T = "sse";
  const events = [
    { direction: "client-to-server", kind: "lifecycle", event: "transport-open" },
    { direction: "client-to-server", kind: "http", method: "GET", path: "/sse", headers: { accept: "text/event-stream" } },
    { direction: "server-to-client", kind: "http", status: 200, headers: { "content-type": "text/event-stream", "x-accel-buffering": "no" }, endpoint: "/message" },
  ];
  for (const step of steps) {
    if (step.c) {
      events.push({ direction: "client-to-server", kind: "http", method: "POST", path: "/message", headers: { "content-type": "application/json" } });
      events.push({ direction: "client-to-server", kind: "message", payload: step.c });
      events.push({ direction: "server-to-client", kind: "http", status: 202, headers: {} });
    }
    if (step.s) events.push({ direction: "server-to-client", kind: "message", payload: step.s });
  }
  events.push({ direction: "client-to-server", kind: "lifecycle", event: "transport-close" });
  const lines = events.map(({ direction, kind, ...rest }, seq) => JSON.stringify({ seq, direction, transport: T, kind, ...rest }));
  writeFileSync(join(out, "violations", `${name}.jsonl`), `${lines.join("\n")}\n`);
}

/** A server/discover POST answered the way a 2025 streamable-HTTP server answers a request outside a session. */
function writeProbeOverHttp(name) {
  const T = "streamable-http";
  const headers = { accept: "application/json, text/event-stream", "content-type": "application/json", "mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover" };
  const events = [
    { direction: "client-to-server", kind: "lifecycle", event: "transport-open" },
    { direction: "client-to-server", kind: "http", method: "POST", path: "/mcp", headers },
    { direction: "client-to-server", kind: "message", payload: { jsonrpc: "2.0", id: "probe-1", method: "server/discover", params: { _meta: meta() } } },
    { direction: "server-to-client", kind: "http", status: 400, headers: { "content-type": "application/json" } },
    { direction: "server-to-client", kind: "message", payload: { jsonrpc: "2.0", id: "probe-1", error: { code: -32000, message: "Bad Request: No valid session ID provided" } } },
    { direction: "client-to-server", kind: "lifecycle", event: "transport-close" },
  ];
  const lines = events.map(({ direction, kind, ...rest }, seq) => JSON.stringify({ seq, direction, transport: T, kind, ...rest }));
  writeFileSync(join(out, "good", `${name}.jsonl`), `${lines.join("\n")}\n`);
}

const violations = {
  // The client answers the server/discover result as if it were a request of the server's.
  "tran-120-client-writes-response": (s) => s.splice(at(s, "s", "d1") + 1, 0, { c: { jsonrpc: "2.0", id: "d1", result: { resultType: "complete" } } }),
  // A modern client calls tools/list without probing first, and meets a legacy server, which refuses it as a request
  // before initialize; the client gives up (Modern × Legacy).
  "ver-011-no-probe-legacy-server": (s) => {
    s.splice(0, s.length, req(1, "tools/list"), {
      s: { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Server not initialized" } },
    });
  },
};
const coViolations = {
  "tran-120-client-writes-response": { requirements: ["BASE-006"], why: "a client response on stdio answers no request: in 2026-07-28 a server sends none" },
};
// A client's server/discover probe, alone on its short-lived process (the official SDK's stdio probe), refused by a
// legacy server with -32601: the spec's own legacy signal, no finding against the server (item 1 of issue 29).
write("good", "legacy-server-refuses-probe-stdio", [
  { c: { jsonrpc: "2.0", id: "probe-1", method: "server/discover", params: { _meta: meta() } } },
  { s: { jsonrpc: "2.0", id: "probe-1", error: { code: -32601, message: "Method not found" } } },
]);
// The same probe over streamable HTTP, refused by a 2025 server as a request without a session (400, -32000).
writeProbeOverHttp("legacy-server-refuses-probe-http");
// The client and server speak 2026-07-28 over the HTTP+SSE transport, which 2026-07-28 deprecates.
writeOverHttpSse("tran-137-http-sse-transport", session());
for (const [name, edit] of Object.entries(violations)) {
  const steps = session();
  edit(steps);
  write("violations", name, steps);
}
writeCoViolations(coViolations);
console.log(`gen-2026-transport: ${Object.keys(violations).length + 1} violations`);
