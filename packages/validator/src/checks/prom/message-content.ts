/**
 * The content-block clauses of server/prompts#promptmessage, judged on every content block of a prompts/get
 * result's messages: image and audio data are base64 with a valid MIME type; an embedded resource has a valid
 * URI, its MIME type, and either text or base64 blob data. One factory walks the blocks; each clause is its own
 * check so a finding lands on the clause it breaks.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { base64Problem, mimeTypeProblem, uriProblem } from "../support/encoding.js";
import { arrayField } from "../support/readers.js";

/** Judges one block; returns the problems found (empty when it is fine). */
type BlockJudge = (block: Record<string, unknown>) => string[];

function promptContentCheck(id: string, description: string, type: string, judge: BlockJudge): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["prompts/get"] },
    create(ctx) {
      return {
        exchange(exchange) {
          const answer = answeredClientRequest(exchange);
          if (!answer?.result) return;
          const name = typeof answer.params.name === "string" ? quote(answer.params.name) : "(unnamed)";
          for (const [index, message] of arrayField(answer.result, "messages").entries()) {
            const content = isPlainObject(message) ? message.content : undefined;
            if (!isPlainObject(content) || content.type !== type) continue;
            ctx.examined();
            for (const problem of judge(content)) {
              ctx.report(
                answer.response.seq,
                `prompts/get ${name}: the ${type} content of message ${index} ${problem}`,
              );
            }
          }
        },
      };
    },
  };
}

function mediaJudge(block: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof block.data === "string") {
    const problem = base64Problem(block.data);
    if (problem) problems.push(`has data that is not base64: ${problem}`);
  }
  if (typeof block.mimeType !== "string") problems.push("has no MIME type");
  else {
    const problem = mimeTypeProblem(block.mimeType);
    if (problem) problems.push(`has MIME type ${quote(block.mimeType)}, which is not valid: ${problem}`);
  }
  return problems;
}

export const promImageContentEncoded = promptContentCheck(
  "prom.image-content-encoded",
  "Image content in prompt messages is base64-encoded data with a valid MIME type.",
  "image",
  mediaJudge,
);

export const promAudioContentEncoded = promptContentCheck(
  "prom.audio-content-encoded",
  "Audio content in prompt messages is base64-encoded data with a valid MIME type.",
  "audio",
  mediaJudge,
);

function embedded(block: Record<string, unknown>): Record<string, unknown> {
  return isPlainObject(block.resource) ? block.resource : {};
}

export const promEmbeddedResourceUri = promptContentCheck(
  "prom.embedded-resource-uri",
  "An embedded resource in a prompt message has a valid (RFC 3986) resource URI.",
  "resource",
  (block) => {
    const { uri } = embedded(block);
    if (typeof uri !== "string") return ["has no resource URI"];
    const problem = uriProblem(uri);
    return problem ? [`has URI ${quote(uri)}, which is not an RFC 3986 URI: ${problem}`] : [];
  },
);

export const promEmbeddedResourceMimeType = promptContentCheck(
  "prom.embedded-resource-mime-type",
  "An embedded resource in a prompt message carries a valid MIME type.",
  "resource",
  (block) => {
    const { mimeType } = embedded(block);
    if (typeof mimeType !== "string") return ["has no MIME type"];
    const problem = mimeTypeProblem(mimeType);
    return problem ? [`has MIME type ${quote(mimeType)}, which is not valid: ${problem}`] : [];
  },
);

export const promEmbeddedResourceContent = promptContentCheck(
  "prom.embedded-resource-content",
  "An embedded resource in a prompt message carries either text or base64-encoded blob data: exactly one of them.",
  "resource",
  (block) => {
    const resource = embedded(block);
    if ("text" in resource && "blob" in resource) return ["holds both text and blob data, not either one"];
    if (typeof resource.text === "string") return [];
    if (typeof resource.blob !== "string") return ["has neither text nor blob data"];
    const problem = base64Problem(resource.blob);
    return problem ? [`has a blob that is not base64: ${problem}`] : [];
  },
);
