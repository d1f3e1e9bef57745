/**
 * The client's answer to an elicitation: `content` only with action "accept" in form mode, and — the client
 * validating what the user typed — accepted content that fits the requested schema (the restricted, flat subset:
 * string, number/integer, boolean, single- and multi-select enums; required fields; length, range and item
 * bounds). Formats are not judged.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { paramsOf, resultOf } from "../support/readers.js";
import { modeOf } from "./elicitation-modes.js";

export const contentOnlyWithAccept: CheckDefinition = {
  id: "elic.content-only-with-accept",
  description: 'An elicitation result carries content only when the action is "accept" and the mode was form.',
  subscribe: { exchanges: ["elicitation/create"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "server-to-client") return;
        const result = resultOf(x.response);
        if (!result) return;
        ctx.examined();
        if (result.content === undefined) return;
        const mode = modeOf(x.request);
        if (result.action !== "accept" || mode !== "form") {
          ctx.report(
            x.response?.seq,
            `elicitation result with action ${JSON.stringify(result.action)} in mode ${JSON.stringify(mode)} carries content`,
          );
        }
      },
    };
  },
};

function enumValues(field: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(field.enum)) return field.enum;
  if (Array.isArray(field.oneOf)) return field.oneOf.map((o) => (isPlainObject(o) ? o.const : undefined));
  return undefined;
}

/** Why a value does not fit one primitive field schema, or undefined if it fits (or the schema is unknown). */
export function fieldProblem(field: Record<string, unknown>, value: unknown): string | undefined {
  switch (field.type) {
    case "string": {
      if (typeof value !== "string") return "must be a string";
      const allowed = enumValues(field);
      if (allowed && !allowed.includes(value)) return `must be one of ${JSON.stringify(allowed)}`;
      if (typeof field.minLength === "number" && value.length < field.minLength)
        return `must have at least ${field.minLength} characters`;
      if (typeof field.maxLength === "number" && value.length > field.maxLength)
        return `must have at most ${field.maxLength} characters`;
      return undefined;
    }
    case "number":
    case "integer":
      if (typeof value !== "number" || (field.type === "integer" && !Number.isInteger(value)))
        return `must be ${field.type === "integer" ? "an integer" : "a number"}`;
      if (typeof field.minimum === "number" && value < field.minimum) return `must be at least ${field.minimum}`;
      if (typeof field.maximum === "number" && value > field.maximum) return `must be at most ${field.maximum}`;
      return undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "array": {
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) return "must be an array of strings";
      const items = isPlainObject(field.items) ? field.items : {};
      const allowed = Array.isArray(items.enum)
        ? items.enum
        : Array.isArray(items.anyOf)
          ? items.anyOf.map((o) => (isPlainObject(o) ? o.const : undefined))
          : undefined;
      if (allowed && value.some((v) => !allowed.includes(v)))
        return `must only hold values from ${JSON.stringify(allowed)}`;
      if (typeof field.minItems === "number" && value.length < field.minItems)
        return `must hold at least ${field.minItems} items`;
      if (typeof field.maxItems === "number" && value.length > field.maxItems)
        return `must hold at most ${field.maxItems} items`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The first way accepted content breaks the requested schema, or undefined. */
export function contentProblem(schema: unknown, content: unknown): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  if (!isPlainObject(content)) return "content must be an object";
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === "string" && content[name] === undefined)
        return `required field ${JSON.stringify(name)} is missing`;
    }
  }
  for (const [name, value] of Object.entries(content)) {
    const field = properties[name];
    if (!isPlainObject(field)) return `field ${JSON.stringify(name)} is not in the requested schema`;
    const problem = fieldProblem(field, value);
    if (problem) return `field ${JSON.stringify(name)} ${problem}, got ${JSON.stringify(value)}`;
  }
  return undefined;
}

export const contentMatchesSchema: CheckDefinition = {
  id: "elic.content-matches-schema",
  description: "Content accepted in a form-mode elicitation fits the requested schema.",
  subscribe: { exchanges: ["elicitation/create"] },
  create(ctx) {
    return {
      exchange(x: Exchange) {
        if (x.type !== "request" || x.request.direction !== "server-to-client" || modeOf(x.request) !== "form") return;
        const result = resultOf(x.response);
        if (result?.action !== "accept" || result.content === undefined) return;
        ctx.examined();
        const problem = contentProblem(paramsOf(x.request)?.requestedSchema, result.content);
        if (problem)
          ctx.report(x.response?.seq, `accepted elicitation content does not fit the requested schema: ${problem}`);
      },
    };
  },
};
