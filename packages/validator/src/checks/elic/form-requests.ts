/**
 * What a form-mode elicitation may ask: never secrets such as passwords, API keys, access tokens or payment
 * credentials (judged by the names and titles of the requested fields; descriptions often mention secrets only to warn against them), and no clickable URLs in any
 * field of the request.
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { messageRuleCheck } from "../support/message-rule.js";
import { paramsOf } from "../support/readers.js";
import { SENSITIVE_FIELD } from "../support/sensitive.js";
import { modeOf } from "./elicitation-modes.js";

const URL_IN_TEXT = /\b(https?):\/\/\S/i;

function isFormRequest(ref: MessageRef): boolean {
  return ref.message.type === "request" && ref.direction === "server-to-client" && modeOf(ref) === "form";
}

/** The requested fields: name → schema. */
function fieldsOf(ref: MessageRef): [string, Record<string, unknown>][] {
  const schema = paramsOf(ref)?.requestedSchema;
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, field]) =>
    isPlainObject(field) ? [[name, field] as [string, Record<string, unknown>]] : [],
  );
}

/** A rule over each form-mode elicitation/create the server sends. */
function formRequestCheck(
  id: string,
  description: string,
  judge: (ref: MessageRef) => string | undefined,
): CheckDefinition {
  return messageRuleCheck({
    id,
    description,
    subscribe: { messages: ["elicitation/create"] },
    subject: (ref: MessageRef) => (isFormRequest(ref) ? ref : undefined),
    judge,
  });
}

export const formNotSensitive = formRequestCheck(
  "elic.form-not-sensitive",
  "A form-mode elicitation does not ask for passwords, API keys, access tokens or payment credentials.",
  (ref) => {
    for (const [name, field] of fieldsOf(ref)) {
      const labels = [name, field.title].filter((v): v is string => typeof v === "string");
      const hit = labels.find((label) => SENSITIVE_FIELD.test(label));
      if (hit !== undefined) {
        const titled = hit === name ? "" : ` (titled ${JSON.stringify(hit)})`;
        return `form-mode elicitation asks for field ${JSON.stringify(name)}${titled}, which looks like a secret; use URL mode`;
      }
    }
    return undefined;
  },
);

/** Every string in a value, with its JSON path. */
function* stringsIn(value: unknown, path: string, depth = 0): Generator<[string, string]> {
  if (depth > 16) return;
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsIn(v, `${path}[${i}]`, depth + 1);
  else if (isPlainObject(value))
    for (const [k, v] of Object.entries(value)) yield* stringsIn(v, `${path}.${k}`, depth + 1);
}

export const formWithoutUrls = formRequestCheck(
  "elic.form-without-urls",
  "A form-mode elicitation carries no URL meant to be clicked in any of its fields.",
  (ref) => {
    const params = paramsOf(ref);
    const fields = { message: params?.message, requestedSchema: params?.requestedSchema };
    for (const [path, text] of stringsIn(fields, "params")) {
      if (path.endsWith(".$schema")) continue;
      if (URL_IN_TEXT.test(text))
        return `form-mode elicitation carries a URL in ${path}: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)}`;
    }
    return undefined;
  },
);
