/**
 * "Custom URI schemes MUST be in accordance with RFC3986": every resource URI of a custom scheme (not https, http,
 * file or git, which the protocol defines) a server sends parses as an RFC 3986 URI — a scheme, then only the
 * characters the grammar allows, with well-formed percent-escapes. (An IRI with raw non-ASCII characters is not a
 * URI.) A URI of a defined scheme is the official schema's (`format: "uri"`, BASE-015), not this clause's.
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { hasCustomScheme, uriProblem } from "../support/encoding.js";
import { URI_METHODS, urisInExchange } from "./resource-uris.js";

export const resUriValid: CheckDefinition = {
  id: "res.uri-valid",
  description: "Every resource URI of a custom scheme a server sends is an RFC 3986 URI.",
  subscribe: { exchanges: URI_METHODS, messages: ["notifications/resources/updated"] },
  create(ctx) {
    const judge = (seq: number, uri: string, where: string) => {
      if (!hasCustomScheme(uri)) return;
      ctx.examined();
      const problem = uriProblem(uri);
      if (problem) ctx.report(seq, `${where} URI ${quote(uri)} is not an RFC 3986 URI: ${problem}`);
    };
    return {
      exchange(exchange) {
        if (exchange.type !== "request" || !exchange.response) return;
        for (const { uri, where } of urisInExchange(exchange)) judge(exchange.response.seq, uri, where);
      },
      message(ref: MessageRef) {
        if (ref.direction !== "server-to-client" || ref.message.type !== "notification") return;
        const params = ref.message.params;
        if (isPlainObject(params) && typeof params.uri === "string") {
          judge(ref.seq, params.uri, "notifications/resources/updated");
        }
      },
    };
  },
};
