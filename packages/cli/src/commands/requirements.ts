/**
 * `mcp-conf requirements [ID]`: the registry of a revision (or one clause of it) as @mcp-conf/validator renders it —
 * every clause with its level, who it binds, its capability gate, the verbatim quote and where it is published, and
 * how it is judged. Text for people, JSON (`{revision, requirements:[…]}`) for tools.
 */
import { escapeTerminal } from "@mcp-conf/trace-format";
import {
  latestRevision,
  loadRegistry,
  type Registry,
  renderRequirementsJson,
  renderRequirementsText,
  requirementText,
} from "@mcp-conf/validator";
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
      const json = argv.format === "json";
      io.stdout.write(json ? renderRequirementsJson(one) : `${requirementText(one.requirements[0]!)}\n`);
      return EXIT.ok;
    }
    io.stdout.write(argv.format === "json" ? renderRequirementsJson(registry) : renderRequirementsText(registry));
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
