/**
 * "Servers that support X MUST declare the X capability": a server that answers a feature's requests with results,
 * or sends its notifications, shows it supports the feature, so its initialize (or, at 2026-07-28, server/discover) result must have declared it —
 * including the optional part of the capability that feature is (`subscribe` for resource subscriptions; a
 * list-change notification without `listChanged` is life.list-changed-declared's: the capability was declared). One factory serves tools, resources, prompts, logging and completions;
 * each area registers its own instance. Requests the server refused are LIFE-015's (the client's fault).
 */
import { hasCapability, type MessageRef, serverCapabilitiesKnown } from "@mcp-conf/session";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "./answers.js";

export interface CapabilityUse {
  id: string;
  /** The server capability key, e.g. `tools`. */
  capability: string;
  /** Requests whose successful result shows support. */
  methods: readonly string[];
  /** Server notifications whose sending shows support. */
  notifications: readonly string[];
  /** The sub-capability a method or notification needs besides the capability itself, e.g. `listChanged`. */
  features?: Readonly<Record<string, string>>;
}

const answered = (method: string) => `answered ${JSON.stringify(method)} with a result`;
const sent = (method: string) => `sent ${JSON.stringify(method)}`;

export function capabilityDeclaredCheck(use: CapabilityUse): CheckDefinition {
  return {
    id: use.id,
    description: `A server that ${[
      use.methods.length > 0 ? `answers ${use.methods.join(", ")}` : "",
      use.notifications.length > 0 ? `sends ${use.notifications.join(", ")}` : "",
    ]
      .filter(Boolean)
      .join(
        " or ",
      )} declared the ${JSON.stringify(use.capability)} capability (and the part of it that feature needs).`,
    subscribe: { exchanges: use.methods, messages: use.notifications },
    create(ctx) {
      const capabilityPath = `server.${use.capability}`;
      /** What the server showed it supports, as the finding says it: `answered "m" with a result`, `sent "m"`. */
      const judge = (seq: number, method: string, what: (method: string) => string) => {
        if (!serverCapabilitiesKnown(ctx.facts)) return;
        ctx.examined();
        const feature = use.features?.[method];
        const missing = !hasCapability(ctx.facts, capabilityPath)
          ? use.capability
          : feature !== undefined && !hasCapability(ctx.facts, `${capabilityPath}.${feature}`)
            ? `${use.capability}.${feature}`
            : undefined;
        if (missing !== undefined)
          ctx.report(seq, `server ${what(method)} but declared no ${JSON.stringify(missing)} capability`);
      };
      return {
        exchange(exchange) {
          const answer = answeredClientRequest(exchange);
          if (!answer || answer.isError || exchange.type !== "request") return;
          judge(answer.response.seq, exchange.method, answered);
        },
        message(ref: MessageRef) {
          if (ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
          judge(ref.seq, ref.message.method, sent);
        },
      };
    },
  };
}
