/**
 * The PROM clauses about answering `prompts/get` (server/prompts#error-handling): a request naming a prompt the
 * server's current complete listing does not hold, and a request that leaves out an argument the prompt's
 * definition marks required, are each answered with JSON-RPC error -32602 (Invalid params).
 */
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { type PromptCatalog, requiredArguments } from "../support/prompt-catalog.js";
import { promptRequestCheck } from "../support/prompt-requests.js";

/** A check judging answered prompts/get requests, by prompt name and arguments, against what the server listed. */
function promptGetCheck(
  id: string,
  description: string,
  judge: (catalog: PromptCatalog, name: string, args: Record<string, unknown>) => string | undefined,
): CheckDefinition {
  return promptRequestCheck(id, description, "prompts/get", (catalog, params) => {
    if (typeof params.name !== "string") return undefined;
    const args =
      typeof params.arguments === "object" && params.arguments !== null
        ? (params.arguments as Record<string, unknown>)
        : {};
    return judge(catalog, params.name, args);
  });
}

export const promUnknownNameRejected = promptGetCheck(
  "prom.unknown-name-rejected",
  "A prompts/get for a prompt the server's complete listing does not hold is answered with error -32602.",
  (catalog, name) =>
    catalog.isUnknown(name) ? `for ${quote(name)}, which the server's prompt list does not hold,` : undefined,
);

export const promRequiredArgumentsEnforced = promptGetCheck(
  "prom.required-arguments-enforced",
  "A prompts/get that omits an argument the prompt marks required is answered with error -32602.",
  (catalog, name, args) => {
    const prompt = catalog.get(name);
    if (!prompt) return undefined;
    const missing = requiredArguments(prompt).filter((arg) => !Object.hasOwn(args, arg));
    if (missing.length === 0) return undefined;
    return `for ${quote(name)} without its required argument(s) ${missing.map((value) => quote(value)).join(", ")}`;
  },
);
