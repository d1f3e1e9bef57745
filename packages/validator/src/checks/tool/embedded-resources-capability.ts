/**
 * "Servers that use embedded resources SHOULD implement the resources capability": a tools/call result holding a
 * content block of type "resource" comes from a server whose initialize result declared `resources`.
 */

import { hasCapability, serverCapabilitiesKnown } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { arrayField } from "../support/readers.js";

export const toolEmbeddedResourcesCapability: CheckDefinition = {
  id: "tool.embedded-resources-capability",
  description: "A server whose tool results embed resources declared the resources capability.",
  subscribe: { exchanges: ["tools/call"] },
  create(ctx) {
    return {
      exchange(exchange) {
        const answer = answeredClientRequest(exchange);
        if (!answer?.result || !serverCapabilitiesKnown(ctx.facts)) return;
        const embedded = arrayField(answer.result, "content").find(
          (block) => isPlainObject(block) && block.type === "resource",
        );
        if (embedded === undefined) return;
        ctx.examined();
        if (hasCapability(ctx.facts, "server.resources")) return;
        const resource = isPlainObject(embedded) && isPlainObject(embedded.resource) ? embedded.resource : {};
        const uri = typeof resource.uri === "string" ? ` (${quote(resource.uri)})` : "";
        ctx.report(
          answer.response.seq,
          `tools/call ${quote(String(answer.params.name))} returned an embedded resource${uri} but the server declared no "resources" capability`,
        );
      },
    };
  },
};
