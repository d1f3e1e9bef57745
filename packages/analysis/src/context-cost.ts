/**
 * The context cost of a server's definitions: the tokens each adds to a model's context, counted on its compact
 * JSON as the server listed it (what a client passes on to the model). The tokenizer is `gpt-tokenizer`'s
 * o200k_base encoding: a pure-JavaScript BPE tokenizer whose ranks ship inside the package (nothing is fetched at
 * run time, no WebAssembly, no dependencies), the encoding of OpenAI's current models. It takes about a second to
 * load, so it is loaded on first use only.
 */
import type { ContextCost, Definition, DefinitionCost, Definitions } from "./model.js";

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

function costOf(items: readonly Definition[], count: Count): { total: number; items: DefinitionCost[] } {
  const costs = items.map((item) => ({ name: item.name, tokens: count(JSON.stringify(item.definition)) }));
  return { total: costs.reduce((sum, cost) => sum + cost.tokens, 0), items: costs };
}

/** The tokens each definition costs, per kind and in total. */
export async function measureContextCost(definitions: Definitions): Promise<ContextCost> {
  const count = await loadTokenCounter();
  const tools = costOf(definitions.tools, count);
  const prompts = costOf(definitions.prompts, count);
  const resources = costOf(definitions.resources, count);
  const resourceTemplates = costOf(definitions.resourceTemplates, count);
  return {
    tokenizer: TOKENIZER,
    total: tools.total + prompts.total + resources.total + resourceTemplates.total,
    tools,
    prompts,
    resources,
    resourceTemplates,
  };
}
