/**
 * The builder of checks that judge a client's request about a prompt against what the server listed: a request the
 * server's prompt catalog shows to be faulty must be answered with error -32602 (Invalid params). Used by the PROM
 * and COMP checks.
 */
import type { Exchange, MessageRef } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest, describeAnswer, INVALID_PARAMS } from "./answers.js";
import { PromptCatalog } from "./prompt-catalog.js";
import { errorCodeOf } from "./readers.js";

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
          if (errorCodeOf(answer.response) === INVALID_PARAMS) return;
          ctx.report(
            answer.response.seq,
            `${method} ${why} was answered with ${describeAnswer(answer)}, not error ${INVALID_PARAMS}`,
          );
        },
      };
    },
  };
}
