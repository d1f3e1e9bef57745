/**
 * A listed tool's inputSchema, as two facts with a clause each. tool.input-schema-object: "inputSchema … MUST be a
 * valid JSON Schema object (not null)" — present, an object, of `type: "object"` (what the official message schema
 * also demands; base.schema-valid leaves it to this). tool.input-schema-valid: "Schemas MUST be valid according to
 * their declared or default dialect" — such an object is one its dialect's meta-schema accepts and whose references
 * resolve. A `$schema` naming a dialect this validator does not know leaves the tool unjudged.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { brief, quote, typeName } from "../support/detail.js";
import { compileSchema, dialectOf, schemaProblem } from "./json-schema.js";

/** A check over every listed tool's inputSchema: `problem` says what is wrong with one, UNJUDGED to pass it by. */
function listedSchemaCheck(
  id: string,
  description: string,
  problem: (schema: unknown) => string | undefined | typeof UNJUDGED,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["tools/list"] },
    create(ctx) {
      return {
        exchange(exchange) {
          const answer = answeredClientRequest(exchange);
          const tools = answer?.result?.tools;
          if (!answer || !Array.isArray(tools)) return;
          for (const tool of tools) {
            if (!isPlainObject(tool) || typeof tool.name !== "string") continue;
            const found = problem(tool.inputSchema);
            if (found === UNJUDGED) continue;
            ctx.examined();
            if (found) ctx.report(answer.response.seq, `tool ${quote(tool.name)}: inputSchema ${found}`);
          }
        },
      };
    },
  };
}

export const toolInputSchemaObject = listedSchemaCheck(
  "tool.input-schema-object",
  'Every listed tool has an inputSchema, a JSON object of type "object".',
  objectSchemaProblem,
);

export const toolInputSchemaValid = listedSchemaCheck(
  "tool.input-schema-valid",
  "Every listed tool's object inputSchema is valid in its dialect, its references resolving.",
  (schema) =>
    isPlainObject(schema) && objectSchemaProblem(schema) === undefined ? inputSchemaProblem(schema) : UNJUDGED,
);

/** A schema in a dialect this validator does not know: neither valid nor invalid as far as it can tell. */
const UNJUDGED = Symbol("unjudged");

/** Why a tool's inputSchema is no object schema at all (missing, not an object, not `type: "object"`). */
function objectSchemaProblem(schema: unknown): string | undefined {
  if (!isPlainObject(schema)) return `is ${typeName(schema)}, not a JSON Schema object`;
  if (schema.type !== "object") return `has type ${brief(schema.type)}, not "object"`;
  return undefined;
}

/** Why an object inputSchema is not valid in its dialect, undefined when it is, UNJUDGED when it cannot tell. */
function inputSchemaProblem(schema: Record<string, unknown>): string | undefined | typeof UNJUDGED {
  if (dialectOf(schema) === undefined) return UNJUDGED;
  const problem = schemaProblem(schema);
  if (problem) return `is not a valid JSON Schema: ${problem}`;
  const compiled = compileSchema(schema);
  if (!compiled.ok && !compiled.limit) return `is not a usable JSON Schema: ${compiled.reason}`;
  return undefined;
}
