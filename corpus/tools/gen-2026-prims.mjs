// Traces of corpus/2026-07-28/ for the clauses of the base protocol and the primitives' pages (basic/index,
// server/tools, server/resources, server/prompts, client/sampling) carried after the first registry: a good
// streamable-HTTP session whose server refuses a call for a client capability it lacks (HTTP 400, -32021), and
// violation traces, each a good session (session-2026.mjs over stdio, the one here over HTTP) with one defect.
// Run: node corpus/tools/gen-2026-prims.mjs
import { fail, ok, post, write as writeHttp } from "./http-2026.mjs";
import { at, cache, deprecatedCaps, meta, session, V, write, writeCoViolations } from "./session-2026.mjs";

const CAPS = "io.modelcontextprotocol/clientCapabilities";

const NEEDS_ELICITATION = { requiredCapabilities: { elicitation: {} } };
const book = { name: "book_table", description: "Books a table; asks which time suits", inputSchema: { type: "object", properties: { restaurant: { type: "string" } }, required: ["restaurant"] } };
const bookArgs = { name: "book_table", arguments: { restaurant: "Lux" } };

/** Over HTTP: discover, list, a call refused for want of elicitation (400, -32021), the call again declaring it. */
function httpSession() {
  return [
    post("d1", "server/discover", {}, { answer: ok("d1", { supportedVersions: [V], capabilities: { tools: {} }, ...cache }) }),
    post(1, "tools/list", {}, { answer: ok(1, { tools: [book], ...cache }) }),
    post(2, "tools/call", bookArgs, { status: 400, answer: fail(2, -32021, "Missing required client capability", NEEDS_ELICITATION) }),
    post(3, "tools/call", { ...bookArgs, _meta: { [CAPS]: { elicitation: { form: {} } } } }, {
      answer: ok(3, { content: [{ type: "text", text: "Booked for 19:00" }], isError: false }),
    }),
  ];
}
writeHttp("good", "base-http-capability-error", httpSession());

/** Violations of the HTTP session. */
const httpViolations = {
  // BASE-057: server/discover without clientCapabilities, rejected with -32602 as it must be, but with HTTP 200.
  "base-057-malformed-request-http-200": (s) => {
    s[0].body.params._meta = { ...s[0].body.params._meta };
    delete s[0].body.params._meta[CAPS];
    s[0].status = 200;
    s[0].answer = fail("d1", -32602, "Missing io.modelcontextprotocol/clientCapabilities");
  },
  "base-058-capability-error-http-200": (s) => (s[2].status = 200),
};

const violations = {
  // BASE: the server serves a server/discover that lacks the required clientCapabilities.
  "base-056-malformed-request-served": (s) => delete s[at(s, "c", "d1")].c.params._meta[CAPS],
  "base-066-code-in-jsonrpc-range": (s) => (s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32500, message: "Weather service down" } } }),
  // TOOL, RES, PROM: a request of the page without clientCapabilities (rejected with -32602, as it must be).
  "base-045-tools-list-without-capabilities": (s) => withoutCapabilities(s, 9),
  "base-045-resources-read-without-capabilities": (s) => withoutCapabilities(s, 6),
  "base-045-prompts-list-without-capabilities": (s) => withoutCapabilities(s, 21),
  // The list methods of declared capabilities answered as if unknown.
  "tool-038-tools-list-not-found": (s) => notFound(s, 9),
  "res-018-resources-list-not-found": (s) => notFound(s, 5),
  "prom-017-prompts-list-not-found": (s) => notFound(s, 7),
  // RES-015: a read of a resource the server never listed (and no template names) answered with empty contents.
  "res-015-empty-contents-for-missing": (s) => {
    s[at(s, "c", 6)].c.params.uri = "file:///project/missing.txt";
    s[at(s, "s", 6)].s.result.contents = [];
  },
  // RES-014: a read of a resource that does not exist answered with the withdrawn -32002.
  "res-014-not-found-as-32002": (s) => {
    s[at(s, "c", 6)].c.params.uri = "file:///project/missing.txt";
    s[at(s, "s", 6)] = { s: { jsonrpc: "2.0", id: 6, error: { code: -32002, message: "Resource not found", data: { uri: "file:///project/missing.txt" } } } };
  },
  // SAMP-032: a sampling message with role "system".
  "samp-032-system-role": (s) => (s[at(s, "s", 70)].s.result.inputRequests.forecast.params.messages[0].role = "system"),
  // SAMP: the first call of the multi round-trip exchange declares sampling without tools; the server still asks for
  // a tool-enabled generation, and the client serves it in its retry instead of refusing it.
  "samp-005-undeclared-tools-served": (s) =>
    (s[at(s, "c", 70)].c.params._meta = meta({ [CAPS]: { ...deprecatedCaps, sampling: {} } })),
};

function withoutCapabilities(s, id) {
  delete s[at(s, "c", id)].c.params._meta[CAPS];
  s[at(s, "s", id)] = { s: { jsonrpc: "2.0", id, error: { code: -32602, message: "Missing io.modelcontextprotocol/clientCapabilities" } } };
}
function notFound(s, id) {
  s[at(s, "s", id)] = { s: { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } } };
}

writeCoViolations({
  "base-056-malformed-request-served": { requirements: ["BASE-045"], why: "a server can serve a request missing a required _meta field only if the client sent one" },
  "base-057-malformed-request-http-200": { requirements: ["BASE-045"], why: "a server can reject a request missing a required _meta field only if the client sent one" },
  "base-042-withdrawn-error-code": { requirements: ["RES-014"], why: "the withdrawn code is -32002, resource not found, on a resources/read: a missing resource reported with it" },
  "res-014-not-found-as-32002": { requirements: ["BASE-042"], why: "-32002 is withdrawn at 2026-07-28, so emitting it also breaks the withdrawn-codes rule" },
  "samp-005-undeclared-tools-served": {
    requirements: ["SAMP-006"],
    why: "a client can serve a tool-enabled sampling request it did not declare sampling.tools for only if the server sent one",
  },
  "samp-006-tools-sent-undeclared": {
    requirements: ["SAMP-005", "SAMP-026"],
    why: "the client of this session goes on to serve the tool-enabled input requests it did not declare sampling.tools for",
  },
});

/** Violations of clauses about Sampling edit the session that uses it. */
const usesDeprecated = (name) => /^samp-/.test(name);
for (const [name, edit] of Object.entries(violations)) {
  const steps = structuredClone(session({ deprecated: usesDeprecated(name) }));
  edit(steps);
  write("violations", name, steps);
}
for (const [name, edit] of Object.entries(httpViolations)) {
  const steps = structuredClone(httpSession());
  edit(steps);
  writeHttp("violations", name, steps);
}
console.log(`gen-2026-prims: 1 good, ${Object.keys(violations).length + Object.keys(httpViolations).length} violations`);
