/**
 * "Binary data MUST be properly encoded": binary data a server sends is canonical padded base64 (RFC 4648 §4, no
 * line breaks) — resource `blob`s in resources/read results, and in tool results both embedded resource blobs and
 * image and audio `data`. Binary data in prompt messages is PROM's (PROM-003, PROM-004, PROM-007).
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { base64Problem } from "../support/encoding.js";
import { arrayField } from "../support/readers.js";

/** What most results hold: shared, never added to. */
const NONE: readonly { value: string; what: string }[] = [];

/** The base64 strings of a result, each with how a detail names it. */
function binaries(method: string, result: Record<string, unknown>): readonly { value: string; what: string }[] {
  let found: { value: string; what: string }[] | undefined;
  const blobOf = (contents: unknown) => {
    if (isPlainObject(contents) && typeof contents.blob === "string") {
      const uri = typeof contents.uri === "string" ? ` of ${quote(contents.uri)}` : "";
      if (found === undefined) found = [];
      found.push({ value: contents.blob, what: `the blob${uri}` });
    }
  };
  if (method === "resources/read") {
    for (const contents of arrayField(result, "contents")) blobOf(contents);
    return found ?? NONE;
  }
  const content = arrayField(result, "content");
  for (let index = 0; index < content.length; index++) {
    const block = content[index];
    if (!isPlainObject(block)) continue;
    if (block.type === "resource") blobOf(block.resource);
    if ((block.type === "image" || block.type === "audio") && typeof block.data === "string") {
      if (found === undefined) found = [];
      found.push({ value: block.data, what: `the ${block.type} data of content block ${index}` });
    }
  }
  return found ?? NONE;
}

export const resBlobBase64: CheckDefinition = {
  id: "res.blob-base64",
  description: "Binary data in resources/read and tools/call results (blobs, image and audio data) is valid base64.",
  subscribe: { exchanges: ["resources/read", "tools/call"] },
  create(ctx) {
    return {
      exchange(exchange) {
        const answer = answeredClientRequest(exchange);
        if (!answer?.result || exchange.type !== "request") return;
        for (const { value, what } of binaries(exchange.method, answer.result)) {
          ctx.examined();
          const problem = base64Problem(value);
          if (problem) ctx.report(answer.response.seq, `${exchange.method}: ${what} is not valid base64: ${problem}`);
        }
      },
    };
  },
};
