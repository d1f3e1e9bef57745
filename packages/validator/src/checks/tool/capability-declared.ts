/**
 * "Servers that support X MUST declare the X capability": a server that answers a feature's requests with results,
 * or sends its notifications, shows it supports the feature, so its initialize result must have declared it. One
 * factory serves tools, resources, prompts, logging and completions; each area registers its own instance.
 */
import { hasCapability, type MessageRef } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "./text.js";

export interface CapabilityUse {
  id: string;
  /** The server capability key, e.g. `tools`. */
  capability: string;
  /** Requests whose successful result shows support. */
  methods: readonly string[];
  /** Server notifications whose sending shows support. */
  notifications: readonly string[];
}

export function capabilityDeclaredCheck(use: CapabilityUse): CheckDefinition {
  const path = `server.${use.capability}`;
  return {
    id: use.id,
    description: `A server that answers ${use.methods.join(", ") || "no requests"} or sends ${use.notifications.join(", ") || "no notifications"} declared the ${JSON.stringify(use.capability)} capability.`,
    subscribe: { exchanges: use.methods, messages: use.notifications },
    create(ctx) {
      const judge = (seq: number, what: string) => {
        if (ctx.facts.initializedResponseSeq === undefined) return;
        ctx.examined();
        if (!hasCapability(ctx.facts, path)) {
          ctx.report(seq, `server ${what} but declared no ${JSON.stringify(use.capability)} capability`);
        }
      };
      return {
        exchange(exchange) {
          const answer = answeredClientRequest(exchange);
          if (!answer || answer.isError || exchange.type !== "request") return;
          judge(answer.response.seq, `answered ${JSON.stringify(exchange.method)} with a result`);
        },
        message(ref: MessageRef) {
          if (ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
          judge(ref.seq, `sent ${JSON.stringify(ref.message.method)}`);
        },
      };
    },
  };
}

export const toolCapabilityDeclared = capabilityDeclaredCheck({
  id: "tool.capability-declared",
  capability: "tools",
  methods: ["tools/list", "tools/call"],
  notifications: ["notifications/tools/list_changed"],
});
