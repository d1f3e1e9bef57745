/**
 * The PROM clauses about answering `prompts/get` (server/prompts#error-handling): a request naming a prompt the
 * server's current complete listing does not hold, and a request that leaves out an argument the prompt's
 * definition marks required, are each answered with JSON-RPC error -32602 (Invalid params).
 */
import type { Exchange, MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest, describeAnswer, errorCode, quote } from "../tool/text.js";
import { PromptCatalog, requiredArguments } from "./prompt-catalog.js";

export const INVALID_PARAMS = -32602;

/**
 * A check of answered client requests about a prompt (`method`), judged against what the server listed: when
 * `judge` finds fault with the request's params it returns why (the phrase after the method name), and the request
 * must then have been answered with error -32602.
 */
export function promptRequestCheck(
  id: string,
  description: string,
  method: string,
  judge: (catalog: PromptCatalog, params: Record<string, unknown>) => string | undefined,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["prompts/list", method], messages: ["notifications/prompts/list_changed"] },
    create(ctx) {
      const catalog = new PromptCatalog();
      return {
        message(ref: MessageRef) {
          catalog.changed(ref);
        },
        exchange(exchange: Exchange) {
          if (exchange.type !== "request") return;
          if (exchange.method === "prompts/list") {
            catalog.learn(exchange);
            return;
          }
          const answer = answeredClientRequest(exchange);
          if (!answer) return;
          const why = judge(catalog, answer.params);
          if (why === undefined) return;
          ctx.examined();
          if (errorCode(answer) === INVALID_PARAMS) return;
          ctx.report(
            answer.response.seq,
            `${method} ${why} was answered with ${describeAnswer(answer)}, not error ${INVALID_PARAMS}`,
          );
        },
      };
    },
  };
}

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
    return `for ${quote(name)} without its required argument(s) ${missing.map(quote).join(", ")}`;
  },
);
