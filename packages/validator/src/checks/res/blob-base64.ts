/**
 * "Binary data MUST be properly encoded": every `blob` of resource contents a server sends — in resources/read
 * results and in resources embedded in tool results — is canonical padded base64. Blobs embedded in prompt
 * messages are PROM's ("Either text content or base64-encoded blob data").
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest, arrayField, quote } from "../tool/text.js";
import { base64Problem } from "./encoding.js";

export const resBlobBase64: CheckDefinition = {
  id: "res.blob-base64",
  description: "Every resource blob a server sends in resources/read or tools/call results is valid base64.",
  subscribe: { exchanges: ["resources/read", "tools/call"] },
  create(ctx) {
    return {
      exchange(exchange) {
        const answer = answeredClientRequest(exchange);
        if (!answer?.result || exchange.type !== "request") return;
        const contents =
          exchange.method === "resources/read"
            ? arrayField(answer.result, "contents")
            : arrayField(answer.result, "content")
                .filter((block) => isPlainObject(block) && block.type === "resource")
                .map((block) => (block as Record<string, unknown>).resource);
        for (const item of contents) {
          if (!isPlainObject(item) || typeof item.blob !== "string") continue;
          ctx.examined();
          const problem = base64Problem(item.blob);
          if (problem) {
            const uri = typeof item.uri === "string" ? ` of ${quote(item.uri)}` : "";
            ctx.report(answer.response.seq, `${exchange.method}: the blob${uri} is not valid base64: ${problem}`);
          }
        }
      },
    };
  },
};
