/**
 * The per-request `_meta` fields of 2026-07-28: every client request carries `io.modelcontextprotocol/protocolVersion`
 * and `io.modelcontextprotocol/clientCapabilities` (meta.required-fields-present), and clients should name themselves
 * on every request
 * (meta.client-info-present) as servers should in every result (meta.server-info-present).
 */
import { CLIENT_INFO_META_KEY, type Exchange, type MessageRef, SERVER_INFO_META_KEY } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { missingRequestMeta, requestMeta } from "../support/modern.js";
import { metaOf, resultOf } from "../support/readers.js";

export const requiredFieldsPresent: CheckDefinition = {
  id: "meta.required-fields-present",
  description: "Every client request carries the required per-request _meta fields.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server") return;
        ctx.examined();
        const missing = missingRequestMeta(ref);
        if (missing.length > 0)
          ctx.report(
            ref.seq,
            `the ${quote(m.method)} request lacks _meta ${missing.map((k) => quote(k)).join(" and ")}`,
          );
      },
    };
  },
};

export const clientInfoPresent: CheckDefinition = {
  id: "meta.client-info-present",
  description: "Every client request names the client in _meta io.modelcontextprotocol/clientInfo.",
  subscribe: { messages: ["*request"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server") return;
        ctx.examined();
        if (requestMeta(ref)?.[CLIENT_INFO_META_KEY] === undefined)
          ctx.report(ref.seq, `the ${quote(m.method)} request carries no _meta ${quote(CLIENT_INFO_META_KEY)}`);
      },
    };
  },
};

export const serverInfoPresent: CheckDefinition = {
  id: "meta.server-info-present",
  description: "Every result names the server in _meta io.modelcontextprotocol/serverInfo.",
  subscribe: { exchanges: ["*"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server") return;
        const result = resultOf(x.response);
        if (!result) return;
        ctx.examined();
        if (metaOf(result)?.[SERVER_INFO_META_KEY] === undefined)
          ctx.report(
            x.response!.seq,
            `the result of ${quote(x.method)} carries no _meta ${quote(SERVER_INFO_META_KEY)}`,
          );
      },
    };
  },
};
