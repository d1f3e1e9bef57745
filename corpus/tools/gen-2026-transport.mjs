// Writes the stdio transport violation traces of corpus/2026-07-28/: each the good stdio session (session-2026.mjs)
// with one defect of the stdio binding or its backward-compatibility probe. Run: node corpus/tools/gen-2026-transport.mjs
import { at, session, write, writeCoViolations } from "./session-2026.mjs";

const violations = {
  // The client answers the server/discover result as if it were a request of the server's.
  "tran-120-client-writes-response": (s) => s.splice(at(s, "s", "d1") + 1, 0, { c: { jsonrpc: "2.0", id: "d1", result: { resultType: "complete" } } }),
  // A modern client calls prompts/list inline before it probes: the discover exchange comes second.
  "tran-122-no-discover-probe": (s) => {
    const i = at(s, "c", 21);
    const listing = s.splice(i, 2);
    s.splice(0, 0, ...listing);
  },
};
const coViolations = {
  "tran-120-client-writes-response": { requirements: ["BASE-006"], why: "a client response on stdio answers no request: in 2026-07-28 a server sends none" },
};
for (const [name, edit] of Object.entries(violations)) {
  const steps = session();
  edit(steps);
  write("violations", name, steps);
}
writeCoViolations(coViolations);
console.log(`gen-2026-transport: ${Object.keys(violations).length} violations`);
