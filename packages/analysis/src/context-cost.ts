/**
 * The context cost of a server's definitions: the tokens each adds to a model's context, counted on its compact
 * JSON as the server listed it (what a client passes on to the model). The tokenizer is `gpt-tokenizer`'s
 * o200k_base encoding: a pure-JavaScript BPE tokenizer whose ranks ship inside the package (nothing is fetched at
 * run time, no WebAssembly, no dependencies), the encoding of OpenAI's current models. It takes about a second to
 * load, so it is loaded on first use only. Each definition's cost is also split by part (description, schemas, the
 * rest), and, given the timeline, each tool's results are counted the same way (all of them, and the heaviest).
 */
import type {
  ContextCost,
  Definition,
  DefinitionCost,
  DefinitionParts,
  Definitions,
  ResultCost,
  TimelineEntry,
} from "./model.js";

/** The tokenizer named in every `ContextCost`. */
export const TOKENIZER = "o200k_base (gpt-tokenizer 4.0.0)";

type Count = (text: string) => number;
let counter: Promise<Count> | undefined;

/** The token counter, loaded once. Text that looks like a special token is counted as plain text. */
export function loadTokenCounter(): Promise<Count> {
  counter ??= import("gpt-tokenizer/encoding/o200k_base").then((encoding) => {
    const plain = { disallowedSpecial: new Set<string>() };
    return (text: string) => encoding.countTokens(text, plain);
  });
  return counter;
}

const SCHEMA_FIELDS = ["inputSchema", "outputSchema", "arguments"];

function partsOf(definition: Record<string, unknown>, tokens: number, count: Count): DefinitionParts {
  const description = typeof definition.description === "string" ? count(JSON.stringify(definition.description)) : 0;
  let schema = 0;
  for (const field of SCHEMA_FIELDS) {
    if (definition[field] !== undefined) schema += count(JSON.stringify(definition[field]));
  }
  return { description, schema, rest: Math.max(0, tokens - description - schema) };
}

function costOf(items: readonly Definition[], count: Count): { total: number; items: DefinitionCost[] } {
  const costs = items.map((item) => {
    const tokens = count(JSON.stringify(item.definition));
    return { name: item.name, tokens, parts: partsOf(item.definition, tokens, count) };
  });
  return { total: costs.reduce((sum, cost) => sum + cost.tokens, 0), items: costs };
}

/** Each tool's results: the compact JSON of every tools/call result (not of JSON-RPC errors), and the heaviest. */
function resultsCost(timeline: readonly TimelineEntry[], count: Count): { total: number; items: ResultCost[] } {
  const byTool = new Map<string, ResultCost>();
  for (const entry of timeline) {
    if (entry.kind !== "call" || entry.method !== "tools/call" || entry.target === undefined) continue;
    const response = entry.response;
    if (typeof response !== "object" || response === null || !("result" in response)) continue;
    const tokens = count(JSON.stringify((response as { result: unknown }).result));
    const seq = entry.responseSeq ?? entry.seq;
    const cost = byTool.get(entry.target);
    if (!cost) {
      byTool.set(entry.target, { name: entry.target, results: 1, tokens, heaviest: { seq, tokens } });
      continue;
    }
    cost.results++;
    cost.tokens += tokens;
    if (tokens > cost.heaviest.tokens) cost.heaviest = { seq, tokens };
  }
  const items = [...byTool.values()];
  return { total: items.reduce((sum, item) => sum + item.tokens, 0), items };
}

/** The tokens each definition costs, per kind and in total; given the timeline, each tool's results too. */
export async function measureContextCost(
  definitions: Definitions,
  timeline?: readonly TimelineEntry[],
): Promise<ContextCost> {
  const count = await loadTokenCounter();
  const tools = costOf(definitions.tools, count);
  const prompts = costOf(definitions.prompts, count);
  const resources = costOf(definitions.resources, count);
  const resourceTemplates = costOf(definitions.resourceTemplates, count);
  const cost: ContextCost = {
    tokenizer: TOKENIZER,
    total: tools.total + prompts.total + resources.total + resourceTemplates.total,
    tools,
    prompts,
    resources,
    resourceTemplates,
  };
  if (timeline) cost.results = resultsCost(timeline, count);
  return cost;
}
