/**
 * "inputSchema … MUST be a valid JSON Schema object (not null)": every listed tool's inputSchema is an object
 * schema (`type: "object"`) that its dialect's meta-schema accepts and whose references resolve. A `$schema`
 * naming a dialect this validator does not know leaves the tool unjudged. The official message schema already demands
 * an object with `type: "object"`; this check adds what it cannot see — that the object is a JSON Schema at all.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { brief, quote, typeName } from "../support/detail.js";
import { compileSchema, dialectOf, schemaProblem } from "./json-schema.js";

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
          const problem = inputSchemaProblem(tool.inputSchema);
          if (problem === UNJUDGED) continue;
          ctx.examined();
          if (problem) ctx.report(answer.response.seq, `tool ${quote(tool.name)}: inputSchema ${problem}`);
        }
      },
    };
  },
};

/** A schema in a dialect this validator does not know: neither valid nor invalid as far as it can tell. */
export const UNJUDGED = Symbol("unjudged");

/** Why a tool's inputSchema is not a valid object schema, undefined when it is, UNJUDGED when it cannot tell. */
export function inputSchemaProblem(schema: unknown): string | undefined | typeof UNJUDGED {
  if (!isPlainObject(schema)) return `is ${typeName(schema)}, not a JSON Schema object`;
  if (schema.type !== "object") return `has type ${brief(schema.type)}, not "object"`;
  if (dialectOf(schema) === undefined) return UNJUDGED;
  const problem = schemaProblem(schema);
  if (problem) return `is not a valid JSON Schema: ${problem}`;
  const compiled = compileSchema(schema);
  if (!compiled.ok && !compiled.limit) return `is not a usable JSON Schema: ${compiled.reason}`;
  return undefined;
}
