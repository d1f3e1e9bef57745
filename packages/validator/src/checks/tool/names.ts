/**
 * The tool-name rules of server/tools#tool-names, judged on every tool definition a `tools/list` page carries:
 * length 1–128, the A-Z a-z 0-9 _ - . alphabet (one check for both the "only allowed characters" and the "no
 * spaces, commas or other special characters" clauses, which say the same thing twice), and uniqueness within the
 * server's listing, across its pages.
 */
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { ListingAssembler, nameOf } from "../support/listing.js";

const ALLOWED = /^[A-Za-z0-9_.-]$/;
export const MAX_TOOL_NAME = 128;

/** The distinct characters of `name` outside the allowed alphabet, in order of first appearance. */
export function disallowedCharacters(name: string): string {
  const seen = new Set<string>();
  for (const c of name) if (!ALLOWED.test(c)) seen.add(c);
  return [...seen].join("");
}

function eachToolName(assembler: ListingAssembler, judge: (name: string, seq: number, continued: boolean) => void) {
  return (exchange: Parameters<ListingAssembler["accept"]>[0]) => {
    const accepted = assembler.accept(exchange);
    if (!accepted) return;
    const { page } = accepted;
    let first = true;
    for (const item of page.items) {
      const name = nameOf(item);
      if (name === undefined) continue;
      judge(name, page.seq, page.continued || !first);
      first = false;
    }
  };
}

export const toolNameLength: CheckDefinition = {
  id: "tool.name-length",
  description: "Every listed tool name is 1 to 128 characters long.",
  subscribe: { exchanges: ["tools/list"] },
  create(ctx) {
    return {
      exchange: eachToolName(new ListingAssembler("tools"), (name, seq) => {
        ctx.examined();
        const length = [...name].length;
        if (length < 1 || length > MAX_TOOL_NAME) {
          ctx.report(seq, `tool name ${quote(name)} is ${length} characters long, outside 1 to ${MAX_TOOL_NAME}`);
        }
      }),
    };
  },
};

export const toolNameCharset: CheckDefinition = {
  id: "tool.name-charset",
  description: "Every listed tool name uses only A-Z, a-z, 0-9, underscore, hyphen and dot.",
  subscribe: { exchanges: ["tools/list"] },
  create(ctx) {
    return {
      exchange: eachToolName(new ListingAssembler("tools"), (name, seq) => {
        ctx.examined();
        const bad = disallowedCharacters(name);
        if (bad !== "") {
          ctx.report(
            seq,
            `tool name ${quote(name)} contains characters outside A-Z, a-z, 0-9, underscore, hyphen, and dot: ${JSON.stringify(bad)}`,
          );
        }
      }),
    };
  },
};

export const toolNameUnique: CheckDefinition = {
  id: "tool.name-unique",
  description: "No tool name appears twice in one tools/list listing (across its pages).",
  subscribe: { exchanges: ["tools/list"] },
  create(ctx) {
    let names = new Set<string>();
    return {
      exchange: eachToolName(new ListingAssembler("tools"), (name, seq, continued) => {
        if (!continued) names = new Set();
        ctx.examined();
        if (names.has(name)) ctx.report(seq, `tool name ${quote(name)} is listed more than once`);
        else names.add(name);
      }),
    };
  },
};
