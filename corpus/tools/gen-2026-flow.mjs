// Writes the violation traces of corpus/2026-07-28/ for the flow patterns of the 2026 pages (multi round-trip
// requests, cancellation, subscriptions, progress, pagination and caching) that gen-2026.mjs's map does not hold:
// each is the good stdio session of session-2026.mjs with one defect. Run: node corpus/tools/gen-2026-flow.mjs
import { at, note, session, write, writeCoViolations } from "./session-2026.mjs";

/** The step index of the progress notification carrying this token. */
const progressAt = (s, token) => s.findIndex((x) => x.s?.method === "notifications/progress" && x.s.params.progressToken === token);

/** The step index of the server's notifications/cancelled ending the subscription (id 8). */
const teardownAt = (s) => s.findIndex((x) => x.s?.method === "notifications/cancelled");

/** The client request with this id lacks _meta protocolVersion; the server answers -32602. */
function withoutVersion(s, id) {
  delete s[at(s, "c", id)].c.params._meta["io.modelcontextprotocol/protocolVersion"];
  s[at(s, "s", id)] = { s: { jsonrpc: "2.0", id, error: { code: -32602, message: "Missing protocol version" } } };
}
/** Each page restates the rule for its own requests; the rule of basic/index (BASE-045) and of the request's feature hold too. */
const violations = {
  // CANC: the server cancels the client's tools/call (51) — a server cancels nothing but subscriptions/listen streams.
  "canc-024-server-cancels-tool-call": (s) =>
    s.splice(at(s, "s", 51), 0, note("notifications/cancelled", { requestId: 51, reason: "Upstream weather service timed out" })),
  // CANC: the server ends the subscription with its listen result alone, no notifications/cancelled naming it (stdio).
  "canc-023-teardown-not-announced": (s) => s.splice(teardownAt(s), 1),
  // SUB: the server ends the subscription with notifications/cancelled but never answers the listen request.
  "sub-005-teardown-without-result": (s) => s.splice(at(s, "s", 8), 1),
  // MRTR: the Paris retry (4) sends back requestState "state-abc" modified.
  "mrtr-015-state-modified": (s) => (s[at(s, "c", 4)].c.params.requestState = "state-abd"),
  // MRTR: the Paris retry (4) leaves out the units it was asked for, and the server answers with an error.
  "mrtr-023-missing-input-answered-with-error": (s) => {
    s[at(s, "c", 4)].c.params.inputResponses = {};
    s[at(s, "s", 4)] = { s: { jsonrpc: "2.0", id: 4, error: { code: -32602, message: "Missing input: units" } } };
  },
  // CACHE: the result of the Paris retry (4) is marked fresh for a minute.
  "cache-019-retry-result-cacheable": (s) => Object.assign(s[at(s, "s", 4)].s.result, { ttlMs: 60000, cacheScope: "private" }),
  // CACHE: after the server refused cursor "page-2" for prompts/list (61), the client sends it again (62).
  "cache-018-cursor-reused-after-refusal": (s) => {
    s[at(s, "c", 62)].c.params.cursor = "page-2";
    s[at(s, "s", 62)] = { s: { jsonrpc: "2.0", id: 62, error: { code: -32602, message: "Invalid cursor" } } };
  },
  // MRTR, PAGE, COMP: a request of the page's own kind lacks _meta protocolVersion, and the server rejects it.
  "base-045-retry-without-version": (s) => withoutVersion(s, 4),
  "base-045-next-page-request-without-version": (s) => withoutVersion(s, 2),
  "base-045-completion-request-without-version": (s) => withoutVersion(s, 60),
  // PROG: the Lima call (52) reuses the Oslo call's token while that call (51) is still running.
  "prog-012-token-reused-while-active": (s) => {
    s.splice(progressAt(s, "p52"), 1);
    const [lima] = s.splice(at(s, "c", 52), 1);
    lima.c.params._meta.progressToken = "p51";
    s.splice(at(s, "s", 51), 0, lima);
  },
};
for (const [name, edit] of Object.entries(violations)) {
  const steps = session();
  edit(steps);
  write("violations", name, steps);
}
writeCoViolations({
  "mrtr-009-retry-state-altered": {
    requirements: ["MRTR-015", "MRTR-016"],
    why: "a retry that echoes an altered requestState has modified it",
  },
  "mrtr-012-state-on-other-request": {
    requirements: ["CACHE-019"],
    why: "a request carrying requestState is, by the caching page's definition, a retry whose result must not be cached, and the server still marks it fresh",
  },
  "mrtr-015-state-modified": {
    requirements: ["MRTR-009"],
    why: "a modified requestState is not the exact value the retry must echo back",
  },
  "mrtr-023-missing-input-answered-with-error": {
    requirements: ["MRTR-008"],
    why: "a retry that leaves out a requested input has not constructed every requested input",
  },
});
console.log(`gen-2026-flow: ${Object.keys(violations).length} violations`);
