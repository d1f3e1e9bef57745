/**
 * "inputSchema … MUST be a valid JSON Schema object (not null)": every listed tool's inputSchema is an object
 * schema (`type: "object"`) that its dialect's meta-schema accepts. The official message schema already demands
 * an object with `type: "object"`; this check adds what it cannot see — that the object is a JSON Schema at all.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { schemaProblem } from "./json-schema.js";
import { answeredClientRequest, brief, quote, typeName } from "./text.js";

export const toolInputSchemaValid: CheckDefinition = {
  id: "tool.input-schema-valid",
  description: 'Every listed tool\'s inputSchema is a valid JSON Schema object of type "object".',
  subscribe: { exchanges: ["tools/list"] },
  create(ctx) {
    return {
      exchange(exchange) {
        const answer = answeredClientRequest(exchange);
        const tools = answer?.result?.tools;
        if (!answer || !Array.isArray(tools)) return;
        for (const tool of tools) {
          if (!isPlainObject(tool) || typeof tool.name !== "string") continue;
          ctx.examined();
          const problem = inputSchemaProblem(tool.inputSchema);
          if (problem) ctx.report(answer.response.seq, `tool ${quote(tool.name)}: inputSchema ${problem}`);
        }
      },
    };
  },
};

/** Why a tool's inputSchema is not a valid object schema, or undefined. */
export function inputSchemaProblem(schema: unknown): string | undefined {
  if (!isPlainObject(schema)) return `is ${typeName(schema)}, not a JSON Schema object`;
  if (schema.type !== "object") return `has type ${brief(schema.type)}, not "object"`;
  const problem = schemaProblem(schema);
  return problem ? `is not a valid JSON Schema: ${problem}` : undefined;
}
