/**
 * Structured tool results (server/tools#structured-content and #output-schema): a result carrying
 * `structuredContent` also carries its serialized JSON in a text block, and a tool that declared an
 * `outputSchema` returns `structuredContent` that conforms to it. Results flagged `isError: true` are exempt from
 * the output schema — an error result reports the failure, not the tool's output.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { arrayField } from "../support/readers.js";
import { toolCallCheck } from "../support/tool-catalog.js";
import { compileSchema } from "./json-schema.js";

/** Deep JSON equality (object key order ignored); bounded by the trace reader's nesting limit. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((key) => Object.hasOwn(rb, key) && jsonEqual(ra[key], rb[key]));
}

function parsesTo(text: string, value: unknown): boolean {
  try {
    return jsonEqual(JSON.parse(text), value);
  } catch {
    return false;
  }
}

function toolName(exchange: Exchange): string {
  if (exchange.type !== "request") return "";
  const params = exchange.request.message.params;
  return isPlainObject(params) && typeof params.name === "string" ? params.name : "";
}

export const toolStructuredContentSerialized: CheckDefinition = {
  id: "tool.structured-content-serialized",
  description: "A tools/call result with structuredContent also returns that JSON serialized in a text content block.",
  subscribe: { exchanges: ["tools/call"] },
  create(ctx) {
    return {
      exchange(exchange) {
        const result = answeredClientRequest(exchange)?.result;
        if (!result || !isPlainObject(result.structuredContent)) return;
        ctx.examined();
        const structured = result.structuredContent;
        const serialized = arrayField(result, "content").some(
          (block) =>
            isPlainObject(block) &&
            block.type === "text" &&
            typeof block.text === "string" &&
            parsesTo(block.text, structured),
        );
        if (!serialized && exchange.type === "request" && exchange.response) {
          ctx.report(
            exchange.response.seq,
            `tools/call ${quote(toolName(exchange))} returned structuredContent but no text content block holding its serialized JSON`,
          );
        }
      },
    };
  },
};

export const toolStructuredContentConforms = toolCallCheck(
  "tool.structured-content-conforms",
  "A successful tools/call result of a tool with an outputSchema carries structuredContent that conforms to it.",
  (ctx, answer, tool) => {
    if (!answer.result || answer.result.isError === true) return;
    const outputSchema = tool?.outputSchema;
    if (!isPlainObject(outputSchema)) return;
    const name = quote(String(answer.params.name));
    const seq = answer.response.seq;
    const structured = answer.result.structuredContent;
    if (structured === undefined) {
      ctx.examined();
      ctx.report(seq, `tools/call ${name}: the tool declares an outputSchema but the result has no structuredContent`);
      return;
    }
    const compiled = compileSchema(outputSchema);
    if (!compiled.ok) return;
    ctx.examined();
    const errors = compiled.validate(structured);
    if (errors.length > 0) {
      ctx.report(
        seq,
        `tools/call ${name}: structuredContent does not conform to the tool's outputSchema: ${errors.join("; ")}`,
      );
    }
  },
);
