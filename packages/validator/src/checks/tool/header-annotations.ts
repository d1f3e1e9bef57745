/**
 * The `x-mcp-header` annotations of a listed tool's inputSchema (2026-07-28, server/tools#x-mcp-header and
 * streamable-http#schema-extension): each names a header `Mcp-Param-{name}`, so the name is not empty, is an HTTP
 * token (`1*tchar`) without control characters, and is case-insensitively unique in the schema; it sits on a
 * property of a primitive type (integer, string, boolean — a `null` beside one is the header table's "value is null"
 * row) reachable from the root through `properties` alone, and not on a sensitive parameter. A client calling a tool
 * mirrors annotated integers only within the JavaScript-safe range. Clients on streamable HTTP must leave out a tool
 * whose annotations break these rules, so they never call one.
 */

import type { Exchange } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { answeredClientRequest } from "../support/answers.js";
import { quote } from "../support/detail.js";
import { SENSITIVE_FIELD } from "../support/sensitive.js";
import { toolCallCheck } from "../support/tool-catalog.js";

/** One `x-mcp-header` annotation: where it sits, its value, the schema it annotates. */
export interface HeaderAnnotation {
  /** The keywords leading to it from the schema root, e.g. `properties.region`. */
  path: string[];
  /** Whether every step of the path is a `properties` key (statically reachable). */
  reachable: boolean;
  name: unknown;
  schema: Record<string, unknown>;
}

/** Keywords whose value is a map of subschemas (the map keys are names, not keywords). */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const MAX_DEPTH = 32;

/** Every `x-mcp-header` annotation anywhere in a tool's inputSchema. */
export function headerAnnotationsOf(tool: Record<string, unknown>): HeaderAnnotation[] {
  const out: HeaderAnnotation[] = [];
  const walk = (schema: unknown, path: string[], reachable: boolean) => {
    if (!isPlainObject(schema) || path.length > MAX_DEPTH) return;
    if (path.length > 0 && Object.hasOwn(schema, "x-mcp-header"))
      out.push({ path, reachable, name: schema["x-mcp-header"], schema });
    for (const [keyword, value] of Object.entries(schema)) {
      if (SCHEMA_MAPS.has(keyword) && isPlainObject(value)) {
        for (const [key, child] of Object.entries(value))
          walk(child, [...path, keyword, key], reachable && keyword === "properties");
      } else if (Array.isArray(value)) {
        for (const [i, child] of value.entries()) walk(child, [...path, keyword, String(i)], false);
      } else if (isPlainObject(value) && keyword !== "x-mcp-header") {
        walk(value, [...path, keyword], false);
      }
    }
  };
  walk(tool.inputSchema, [], true);
  return out;
}

/** Each listed tool's annotations, found once: a session calls the same few tools thousands of times. */
const annotationsByTool = new WeakMap<Record<string, unknown>, readonly HeaderAnnotation[]>();

/** `headerAnnotationsOf` a listed tool definition (not to be changed after), remembered per definition. */
function listedAnnotations(tool: Record<string, unknown>): readonly HeaderAnnotation[] {
  let annotations = annotationsByTool.get(tool);
  if (annotations === undefined) {
    annotations = headerAnnotationsOf(tool);
    annotationsByTool.set(tool, annotations);
  }
  return annotations;
}

/** RFC 9110 tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const PRIMITIVE = new Set(["integer", "string", "boolean"]);

/** What is wrong with an annotation under one rule, or undefined. */
type AnnotationRule = (annotation: HeaderAnnotation, all: readonly HeaderAnnotation[]) => string | undefined;

/** A check of every annotation of every tool a tools/list result carries. */
function annotationCheck(id: string, description: string, rule: AnnotationRule): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: ["tools/list"] },
    create(ctx: CheckContext) {
      return {
        exchange(exchange: Exchange) {
          const tools = answeredClientRequest(exchange)?.result?.tools;
          if (!Array.isArray(tools)) return;
          for (const tool of tools) {
            if (!isPlainObject(tool)) continue;
            const all = headerAnnotationsOf(tool);
            for (const annotation of all) {
              ctx.examined();
              const problem = rule(annotation, all);
              if (problem !== undefined)
                ctx.report(
                  (exchange as { response: { seq: number } }).response.seq,
                  `tool ${quote(String(tool.name))}: the x-mcp-header at ${annotation.path.join(".")} ${problem}`,
                );
            }
          }
        },
      };
    },
  };
}

const notEmpty: AnnotationRule = ({ name }) => (name === "" ? "is empty" : undefined);

const token: AnnotationRule = ({ name }) =>
  name === "" || (typeof name === "string" && TOKEN.test(name))
    ? undefined
    : `is ${quote(name)}, not an HTTP field-name token (1*tchar)`;

const noControls: AnnotationRule = ({ name }) =>
  typeof name === "string" && CONTROL.test(name) ? `is ${quote(name)}, with a control character` : undefined;

const unique: AnnotationRule = (annotation, all) => {
  if (typeof annotation.name !== "string") return undefined;
  const name = annotation.name.toLowerCase();
  const first = all.find((other) => typeof other.name === "string" && other.name.toLowerCase() === name);
  return first !== annotation
    ? `repeats ${quote(first!.name)} (at ${first!.path.join(".")}), ignoring case`
    : undefined;
};

// A type left out says nothing either way; only a declared non-primitive type is judged.
const primitive: AnnotationRule = ({ schema }) => {
  if (schema.type === undefined) return undefined;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== "null");
  return types.length === 1 && PRIMITIVE.has(String(types[0]))
    ? undefined
    : `annotates a parameter of type ${quote(schema.type)}, not integer, string or boolean`;
};

const reachableOnly: AnnotationRule = ({ reachable }) =>
  reachable ? undefined : "is not reachable from the root through properties keys alone";

const notSensitive: AnnotationRule = ({ path, schema }) => {
  const labels = [path.at(-1), schema.title].filter((v): v is string => typeof v === "string");
  const hit = labels.find((label) => SENSITIVE_FIELD.test(label));
  return hit === undefined ? undefined : `marks ${quote(hit)}, which looks like a secret, as a header`;
};

/** The constraints that make a tool definition invalid (its client must leave it out). */
const CONSTRAINTS = [notEmpty, token, noControls, unique, primitive, reachableOnly];

export const headerNameNotEmpty = annotationCheck(
  "tool.header-name-not-empty",
  "No x-mcp-header value is empty.",
  notEmpty,
);
export const headerNameToken = annotationCheck(
  "tool.header-name-token",
  "Every non-empty x-mcp-header value is an HTTP field-name token (1*tchar).",
  token,
);
export const headerNameNoControls = annotationCheck(
  "tool.header-name-no-controls",
  "No x-mcp-header value contains a control character.",
  noControls,
);
export const headerNameUnique = annotationCheck(
  "tool.header-name-unique",
  "The x-mcp-header values of an inputSchema are case-insensitively unique.",
  unique,
);
export const headerParamPrimitive = annotationCheck(
  "tool.header-param-primitive",
  "An x-mcp-header annotates only a parameter of type integer, string or boolean (not number).",
  primitive,
);
export const headerParamReachable = annotationCheck(
  "tool.header-param-reachable",
  "An x-mcp-header sits only on a property reachable from the schema root through properties keys alone.",
  reachableOnly,
);
export const headerParamNotSensitive = annotationCheck(
  "tool.header-param-not-sensitive",
  "No parameter that looks like a secret (password, API key, token) is marked x-mcp-header.",
  notSensitive,
);

/** The first constraint a tool's annotations break, as a detail; undefined when they keep them all. */
function invalidAnnotation(tool: Record<string, unknown>): string | undefined {
  const all = listedAnnotations(tool);
  for (const annotation of all) {
    for (const rule of CONSTRAINTS) {
      const problem = rule(annotation, all);
      if (problem !== undefined) return `the x-mcp-header at ${annotation.path.join(".")} ${problem}`;
    }
  }
  return undefined;
}

export const invalidHeaderToolNotCalled = toolCallCheck(
  "tool.invalid-header-tool-not-called",
  "A client on streamable HTTP never calls a tool whose x-mcp-header annotations break the constraints.",
  (ctx, answer, tool) => {
    if (!tool || answer.response.event.transport !== "streamable-http") return;
    ctx.examined();
    const problem = invalidAnnotation(tool);
    if (problem !== undefined)
      ctx.report(
        answer.seq,
        `the client called ${quote(String(tool.name))}, a tool it must leave out of tools/list: ${problem}`,
      );
  },
);

/** The value at a property path of the call's arguments (`properties.a.properties.b` → arguments.a.b). */
function argumentAt(args: unknown, path: string[]): unknown {
  let value = args;
  for (let i = 1; i < path.length; i += 2) {
    if (!isPlainObject(value)) return undefined;
    value = value[path[i]!];
  }
  return value;
}

export const headerIntegerSafe = toolCallCheck(
  "tool.header-integer-safe",
  "An argument of an x-mcp-header integer parameter is within the JavaScript-safe integer range.",
  (ctx, answer, tool) => {
    if (!tool) return;
    for (const annotation of listedAnnotations(tool)) {
      if (!annotation.reachable) continue;
      const value = argumentAt(answer.params.arguments, annotation.path);
      if (typeof value !== "number" || !Number.isInteger(value)) continue;
      ctx.examined();
      if (!Number.isSafeInteger(value))
        ctx.report(
          answer.seq,
          `tools/call ${quote(String(tool.name))} passes ${value} for x-mcp-header ${quote(annotation.name)}, outside −(2^53−1)…2^53−1`,
        );
    }
  },
);
