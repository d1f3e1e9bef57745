/**
 * life.negotiated-capabilities-only (LIFE-015) — the client uses only server features the server declared:
 * tools/*, resources/*, prompts/*, logging/setLevel and completion/complete need `tools`, `resources` (and
 * `resources.subscribe`), `prompts`, `logging` and `completions`. A request the server nevertheless served is left
 * to the feature's own "servers that support X MUST declare X" clause (the fault is the server's declaration), so
 * this judges a request when its answer is an error or never came. Server-to-client features (sampling,
 * elicitation, roots, tasks) have gate clauses in their own areas. Capabilities are those of the initialize
 * exchange; requests before it completed are LIFE-005's.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";

/** Client request method → the server capability path it needs. */
export const SERVER_FEATURES: Readonly<Record<string, readonly string[]>> = {
  "tools/list": ["tools"],
  "tools/call": ["tools"],
  "resources/list": ["resources"],
  "resources/read": ["resources"],
  "resources/templates/list": ["resources"],
  "resources/subscribe": ["resources", "subscribe"],
  "resources/unsubscribe": ["resources", "subscribe"],
  "prompts/list": ["prompts"],
  "prompts/get": ["prompts"],
  "logging/setLevel": ["logging"],
  "completion/complete": ["completions"],
};

/** Whether a capability path was declared: an object or `true` counts; absence, false and null do not. */
export function declared(capabilities: Record<string, unknown> | undefined, path: readonly string[]): boolean {
  let node: unknown = capabilities;
  for (const key of path) {
    if (!isPlainObject(node)) return false;
    node = node[key];
  }
  return node !== undefined && node !== null && node !== false;
}

export const negotiatedCapabilitiesOnly: CheckDefinition = {
  id: "life.negotiated-capabilities-only",
  description: "The client requests server features only when the server declared their capability.",
  subscribe: { exchanges: ["initialize", ...Object.keys(SERVER_FEATURES)] },
  create(ctx) {
    let serverCapabilities: Record<string, unknown> | undefined;
    return {
      exchange(exchange: Exchange) {
        if (exchange.type !== "request" || exchange.request.direction !== "client-to-server") return;
        if (exchange.method === "initialize") {
          const m = exchange.response?.message;
          if (m?.type === "result" && isPlainObject(m.result) && isPlainObject(m.result.capabilities)) {
            serverCapabilities ??= m.result.capabilities;
          }
          return;
        }
        const path = SERVER_FEATURES[exchange.method];
        if (!path || serverCapabilities === undefined) return;
        ctx.examined();
        if (declared(serverCapabilities, path)) return;
        if (exchange.response?.message.type === "result") return; // served: the server's declaration clause judges it
        ctx.report(
          exchange.request.seq,
          `the client sent ${quote(exchange.method)} although the server did not declare the ${quote(path.join("."))} capability`,
        );
      },
    };
  },
};
