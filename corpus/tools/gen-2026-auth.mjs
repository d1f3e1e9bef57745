// Writes the authorization traces of corpus/2026-07-28/: a good streamable-HTTP session against a protected server
// (the first request refused 401 with a challenge naming resource_metadata and scope, a tool call refused 403
// insufficient_scope and retried after step-up, an expired token refused 401 invalid_token and retried) and one
// violation trace per judged AUTH requirement, each the good session with one defect. The access token itself is
// never in a trace (the recorder keeps no Authorization header). Run: node corpus/tools/gen-2026-auth.mjs
import { ok, post, write } from "./http-2026.mjs";
import { cache, V, writeCoViolations } from "./session-2026.mjs";

const METADATA = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp";
const weather = {
  name: "get_weather",
  description: "Current weather",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
};
const alert = {
  name: "set_alert",
  description: "Alerts on a weather condition",
  inputSchema: { type: "object", properties: { city: { type: "string" }, condition: { type: "string" } }, required: ["city", "condition"] },
};
const discover = () => ok("d1", { supportedVersions: [V], capabilities: { tools: {} }, ...cache });
const called = (id, text) => ok(id, { content: [{ type: "text", text }], isError: false });

/** A POST the server refuses with this status and WWW-Authenticate challenge, and no JSON-RPC answer. */
function refused(id, method, params, status, challenge) {
  const step = post(id, method, params, { status });
  step.response = { "content-type": "application/json", ...(challenge === undefined ? {} : { "www-authenticate": challenge }) };
  return step;
}

/** The refusal with an OAuth error body (RFC 6750 §3.1), which is no JSON-RPC message. */
function withOAuthBody(step, error, description) {
  step.extra = [{ error, error_description: description }];
  return step;
}

function session() {
  const call = { name: "set_alert", arguments: { city: "Oslo", condition: "storm" } };
  return [
    refused("d1", "server/discover", {}, 401, `Bearer resource_metadata="${METADATA}", scope="weather:read"`),
    post("d1", "server/discover", {}, { answer: discover() }),
    post(1, "tools/list", {}, { answer: ok(1, { tools: [weather, alert], ...cache }) }),
    post(2, "tools/call", { name: "get_weather", arguments: { city: "Oslo" } }, { answer: called(2, "Oslo: 9°C") }),
    refused(3, "tools/call", call, 403, `Bearer error="insufficient_scope", scope="weather:read weather:alerts", resource_metadata="${METADATA}", error_description="Setting alerts requires weather:alerts"`),
    post(3, "tools/call", call, { answer: called(3, "Alert set for storms in Oslo") }),
    withOAuthBody(
      refused(4, "tools/list", {}, 401, `Bearer error="invalid_token", error_description="The access token expired", resource_metadata="${METADATA}", scope="weather:read weather:alerts"`),
      "invalid_token",
      "The access token expired",
    ),
    post(4, "tools/list", {}, { answer: ok(4, { tools: [weather, alert], ...cache }) }),
  ];
}

/** The response header of the step at this index. */
const challengeAt = (steps, index) => steps[index].response;

write("good", "auth-http-session", session());

const violations = {
  "auth-013-challenge-without-scope": (s) => (challengeAt(s, 0)["www-authenticate"] = `Bearer resource_metadata="${METADATA}"`),
  "auth-049-401-without-challenge": (s) => delete challengeAt(s, 0)["www-authenticate"],
  "auth-050-expired-token-with-403": (s) => (s[6].status = 403),
  "auth-054-invalid-request-with-401": (s) =>
    (challengeAt(s, 6)["www-authenticate"] = `Bearer error="invalid_request", error_description="The Authorization header is malformed", resource_metadata="${METADATA}", scope="weather:read weather:alerts"`),
  "auth-055-insufficient-scope-with-401": (s) => (s[4].status = 401),
  "auth-145-insufficient-scope-without-scope": (s) =>
    (challengeAt(s, 4)["www-authenticate"] = `Bearer error="insufficient_scope", resource_metadata="${METADATA}", error_description="Setting alerts requires weather:alerts"`),
  "auth-144-challenge-asks-offline-access": (s) =>
    (challengeAt(s, 0)["www-authenticate"] = `Bearer resource_metadata="${METADATA}", scope="weather:read offline_access"`),
};
for (const [name, edit] of Object.entries(violations)) {
  const steps = session();
  edit(steps);
  write("violations", name, steps);
}
writeCoViolations({
  "auth-050-expired-token-with-403": {
    requirements: ["AUTH-054"],
    why: "RFC 6750 gives invalid_token the status 401, so any other status is also no appropriate status for the authorization error",
  },
});
console.log(`gen-2026-auth: 1 good, ${Object.keys(violations).length} violations`);
