/**
 * Hand-made reports and a tiny registry for the renderer tests: one row of every outcome, so each renderer's every
 * branch is exercised without depending on the engine or the real registry.
 */
import type { Registry, Report, RequirementRow } from "../src/engine/types.js";

export const SAMPLE_REGISTRY: Registry = {
  revision: "2025-11-25",
  requirements: [
    req("BASE-001", "MUST", "both", "basic", "requests", "Requests MUST include a string or integer ID."),
    req(
      "LIFE-003",
      "MUST",
      "client",
      "basic/lifecycle",
      "initialization",
      "The client MUST send an initialized notification.",
    ),
    req("TOOL-006", "SHOULD", "server", "server/tools", "tool-names", "Tool names SHOULD be short.", "server.tools"),
    req("AUTH-001", "MUST", "client", "basic/authorization", "overview", "Clients MUST do OAuth things."),
    req("TOOL-099", "MUST", "server", "server/tools", "tool-names", "A clause with a missing check.", "server.tools"),
    req("SAMP-001", "MUST", "client", "client/sampling", "capabilities", "Sampling clause.", "client.sampling"),
    req(
      "PING-001",
      "MUST",
      "both",
      "basic/utilities/ping",
      "behavior-requirements",
      "Receivers MUST respond to pings.",
    ),
  ],
};

function req(
  id: string,
  level: Registry["requirements"][number]["level"],
  actor: Registry["requirements"][number]["actor"],
  page: string,
  anchor: string,
  quote: string,
  capability?: string,
): Registry["requirements"][number] {
  return {
    id,
    level,
    actor,
    ...(capability === undefined ? {} : { capability }),
    source: { page, anchor, url: `https://modelcontextprotocol.io/specification/2025-11-25/${page}#${anchor}`, quote },
    checks: [`${id.toLowerCase()}.check`],
  };
}

/** A report with one row of each outcome, built as the engine would. */
export function sampleReport(overrides: Partial<Record<string, Partial<RequirementRow>>> = {}): Report {
  const rows: RequirementRow[] = [
    { id: "BASE-001", level: "MUST", outcome: "pass" },
    {
      id: "LIFE-003",
      level: "MUST",
      outcome: "fail",
      findings: [
        { check: "life.initialized-sent", detail: "the client never sent notifications/initialized", owner: "client" },
      ],
    },
    {
      id: "TOOL-006",
      level: "SHOULD",
      outcome: "warn",
      capability: "server.tools",
      findings: [
        {
          check: "tool.name-charset",
          seq: 5,
          detail: 'tool name "weather lookup,v2!" contains characters: " ,!"',
          owner: "server",
        },
      ],
    },
    { id: "AUTH-001", level: "MUST", outcome: "excluded", exclusion: "the OAuth flow happens off the MCP wire" },
    { id: "TOOL-099", level: "MUST", outcome: "unsupported", missing_checks: ["tool.not-written"] },
    { id: "SAMP-001", level: "MUST", outcome: "not-applicable", capability: "client.sampling" },
    { id: "PING-001", level: "MUST", outcome: "not-observed" },
  ].map((row) => ({ ...row, ...(overrides[row.id] ?? {}) }) as RequirementRow);
  return {
    revision: "2025-11-25",
    totals: { pass: 1, fail: 1, warn: 1, excluded: 1, unsupported: 1, not_applicable: 1, not_observed: 1 },
    requirements: rows,
    verdict: "unsupported",
    capture: { complete: true, missing: 0 },
  };
}
