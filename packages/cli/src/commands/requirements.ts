/**
 * `mcp-conf requirements`: the registry of a revision — every clause with its level, who it binds, its capability
 * gate, the verbatim quote and where it is published, and how it is judged (its checks, or why no trace can judge
 * it). Text for people, JSON (`{revision, requirements:[…]}`) for tools.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import { latestRevision, loadRegistry, type Registry, type Requirement } from "@mcp-conf/validator";
import type { Argv } from "yargs";
import { EXIT, UsageError } from "../exit.js";
import type { Command } from "./command.js";
import { checkedRevision } from "./revision-option.js";

interface RequirementsArgs {
  id?: string;
  revision?: string;
  format: string;
}

const FORMATS = ["text", "json"] as const;

export const requirementsCommand: Command<RequirementsArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("id", { type: "string", describe: "show only this requirement (e.g. BASE-006)" })
      .option("revision", { type: "string", describe: "protocol revision (default: the latest known)" })
      .option("format", {
        alias: "f",
        type: "string",
        default: "text",
        describe: `output format: ${FORMATS.join(" | ")}`,
      }),
  async run(argv, io) {
    if (!(FORMATS as readonly string[]).includes(argv.format)) {
      throw new UsageError(`requirements: unknown format ${JSON.stringify(argv.format)} (expected text, json)`);
    }
    const latest = latestRevision();
    if (argv.revision === undefined && latest === undefined)
      throw new UsageError("requirements: this validator knows no revision");
    const registry: Registry = loadRegistry(checkedRevision("requirements", argv.revision ?? latest!));
    if (argv.id !== undefined) {
      const one = oneRequirement(registry, String(argv.id));
      io.stdout.write(argv.format === "json" ? requirementsJson(one) : `${requirementBlock(one.requirements[0]!)}\n`);
      return EXIT.ok;
    }
    io.stdout.write(argv.format === "json" ? requirementsJson(registry) : requirementsText(registry));
    return EXIT.ok;
  },
};

/** The registry narrowed to the requirement `id` (case-insensitive); an id it does not hold is a usage error. */
function oneRequirement(registry: Registry, id: string): Registry {
  const wanted = id.toUpperCase();
  const found = registry.requirements.filter((requirement) => requirement.id === wanted);
  if (found.length === 0) {
    throw new UsageError(
      `requirements: no requirement ${JSON.stringify(escapeTerminal(id))} in revision ${registry.revision}; mcp-conf requirements lists them all`,
    );
  }
  return { ...registry, requirements: found };
}

/** `{revision, requirements:[entry…]}`, entries as the registry holds them; two-space indent, trailing newline. */
export function requirementsJson(registry: Registry): string {
  return `${JSON.stringify({ revision: registry.revision, requirements: registry.requirements }, null, 2)}\n`;
}

/** One block per requirement, separated by blank lines, under a one-line summary. */
export function requirementsText(registry: Registry): string {
  const judged = registry.requirements.filter((r) => r.checks !== undefined).length;
  const header =
    `MCP requirements — revision ${escapeTerminal(registry.revision)}: ${registry.requirements.length} clauses, ` +
    `${judged} judged by checks, ${registry.requirements.length - judged} excluded`;
  return `${[header, ...registry.requirements.map(requirementBlock)].join("\n\n")}\n`;
}

function requirementBlock(r: Requirement): string {
  const gate = r.capability === undefined ? "" : `, when ${escapeTerminal(r.capability)} is negotiated`;
  const how =
    r.checks !== undefined
      ? `checks: ${r.checks.map(escapeTerminal).join(", ")}`
      : `excluded: ${escapeTerminal(r.exclusion ?? "")}`;
  return [
    `${escapeTerminal(r.id)} (${r.level}) binds the ${r.actor === "both" ? "client and server" : r.actor}${gate}`,
    `  "${escapeTerminal(r.source.quote)}"`,
    `  ${escapeTerminal(r.source.url)}`,
    `  ${how}`,
  ].join("\n");
}
