// Violation traces of corpus/2026-07-28/ for the clauses of the base protocol and the primitives' pages (basic/index,
// server/tools, server/resources, server/prompts, client/sampling) carried after the first registry: each is a good
// session (session-2026.mjs) with one defect. Run: node corpus/tools/gen-2026-prims.mjs
import { at, deprecatedCaps, meta, session, write, writeCoViolations } from "./session-2026.mjs";

const CAPS = "io.modelcontextprotocol/clientCapabilities";

const violations = {
  // SAMP: the first call of the multi round-trip exchange declares sampling without tools; the server still asks for
  // a tool-enabled generation, and the client serves it in its retry instead of refusing it.
  "samp-005-undeclared-tools-served": (s) =>
    (s[at(s, "c", 70)].c.params._meta = meta({ [CAPS]: { ...deprecatedCaps, sampling: {} } })),
};

writeCoViolations({
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
console.log(`gen-2026-prims: ${Object.keys(violations).length} violations`);
