/**
 * res.no-empty-contents-for-missing — "Servers MUST NOT return an empty contents array for a non-existent resource"
 * (2026-07-28). Whether a resource exists is the server's to know; a trace shows it only by the server's own
 * listing: a resources/read answered with an empty `contents` for a URI the server's resources/list results never
 * held, in a session that listed resources and no resource templates (a template could have named it).
 */
import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { resultOf } from "../support/readers.js";

/** Listed URIs remembered (bounded; past it, no finding rests on absence from the listing). */
const MAX_LISTED = 10_000;

export const resNoEmptyContentsForMissing: CheckDefinition = {
  id: "res.no-empty-contents-for-missing",
  description:
    "A resources/read of a URI the server never listed (and no template could name) is not answered with empty contents.",
  subscribe: { exchanges: ["resources/list", "resources/templates/list", "resources/read"] },
  create(ctx) {
    const listed = new Set<string>();
    let listedAny = false;
    let templates = false;
    let overflow = false;
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "client-to-server") return;
        const result = resultOf(x.response);
        if (!result) return;
        if (x.method === "resources/templates/list") {
          if (Array.isArray(result.resourceTemplates) && result.resourceTemplates.length > 0) templates = true;
          return;
        }
        if (x.method === "resources/list") {
          listedAny = true;
          for (const resource of Array.isArray(result.resources) ? result.resources : []) {
            if (!isPlainObject(resource) || typeof resource.uri !== "string") continue;
            if (listed.size >= MAX_LISTED) overflow = true;
            else listed.add(resource.uri);
          }
          return;
        }
        ctx.examined();
        const params = x.request.message.params;
        const uri = isPlainObject(params) ? params.uri : undefined;
        if (!Array.isArray(result.contents) || result.contents.length > 0 || typeof uri !== "string") return;
        if (!listedAny || templates || overflow || listed.has(uri)) return;
        ctx.report(
          x.response!.seq,
          `resources/read of ${quote(uri)}, which the server's resource listings never held, was answered with an empty contents array instead of an error`,
        );
      },
    };
  },
};
