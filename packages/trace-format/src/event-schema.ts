/**
 * Checking one parsed trace line against the trace event JSON Schema. The schema file is the authority; the hot
 * path is a hand-written structural check that accepts exactly what the schema accepts (a property test holds the
 * two together), and the Ajv validator — generated ahead of time as standalone code, so Ajv is neither loaded nor
 * compiled at run time — explains a rejection by naming the field.
 */
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { validate as standaloneValidate } from "./generated/trace-event-validator.js";
import { isPlainObject } from "./plain-object.js";
import { escapeTerminal } from "./safe-text.js";
import schemaJson from "./schema/trace-event.schema.json" with { type: "json" };
import type { TraceFormatReason } from "./trace-format-error.js";
import { DIRECTIONS, EVENT_KINDS, TRANSPORTS } from "./types.js";

/** A JSON Schema document, as plain data. */
export type JsonSchemaDocument = Readonly<Record<string, unknown>>;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The JSON Schema (2020-12) of one trace event: core fields, mcp-conf's extensions, unknown fields allowed. */
export const traceEventSchema: JsonSchemaDocument = deepFreeze(schemaJson as JsonSchemaDocument);

/** The Ajv validator for `traceEventSchema` (standalone code generated from the schema at development time). */
export function traceEventSchemaValidator(): ValidateFunction {
  return standaloneValidate;
}

function isNonNegativeInteger(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** `seq`: a whole number ≥ 0 that a JavaScript number holds exactly, so order comparisons stay true. */
function isSeq(value: unknown): boolean {
  return isNonNegativeInteger(value) && (value as number) <= Number.MAX_SAFE_INTEGER;
}

/** RFC 3339 `date-time` (section 5.6), as the schema's `ts` pattern has it. */
const RFC3339 =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$/;

function isOptionalTimestamp(value: unknown): boolean {
  return value === undefined || (typeof value === "string" && RFC3339.test(value));
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === "string";
}

function isStringMap(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (typeof value[key] !== "string") return false;
  return true;
}

function isSessionMeta(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (!isOptionalString(value.label) || !isOptionalString(value.session)) return false;
  if (!isOptionalString(value.cwd) || !isOptionalString(value.upstream)) return false;
  const command = value.command;
  if (command !== undefined) {
    if (!Array.isArray(command)) return false;
    for (const part of command) if (typeof part !== "string") return false;
  }
  const recorder = value.recorder;
  if (recorder !== undefined) {
    if (!isPlainObject(recorder) || typeof recorder.name !== "string" || typeof recorder.version !== "string")
      return false;
  }
  return true;
}

/** The fast structural check: true exactly when `traceEventSchema` accepts the (JSON) value. */
export function matchesTraceEventSchema(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (!isSeq(value.seq)) return false;
  const direction = value.direction;
  if (direction !== "client-to-server" && direction !== "server-to-client") return false;
  const transport = value.transport;
  if (transport !== "stdio" && transport !== "streamable-http" && transport !== "sse") return false;
  if (!isOptionalTimestamp(value.ts)) return false;
  if (value.redacted !== undefined && typeof value.redacted !== "boolean") return false;
  switch (value.kind) {
    case "message":
      return value.payload !== undefined;
    case "http": {
      const status = value.status;
      if (status !== undefined) {
        if (typeof status !== "number" || !Number.isInteger(status) || status < 100 || status > 599) return false;
      }
      if (value.headers !== undefined && !isStringMap(value.headers)) return false;
      if (value.proxy !== undefined && typeof value.proxy !== "boolean") return false;
      if (value.exchange !== undefined && !(isSeq(value.exchange) && (value.exchange as number) >= 1)) return false;
      return isOptionalString(value.method) && isOptionalString(value.path) && isOptionalString(value.endpoint);
    }
    case "lifecycle": {
      const event = value.event;
      if (event !== "transport-open" && event !== "transport-close" && event !== "transport-abort") return false;
      return value.meta === undefined || isSessionMeta(value.meta);
    }
    case "raw":
      if (typeof value.text !== "string") return false;
      if (value.truncated !== undefined && typeof value.truncated !== "boolean") return false;
      if (value.id !== undefined && typeof value.id !== "string" && typeof value.id !== "number") return false;
      if (!isOptionalString(value.method)) return false;
      return value.bytes === undefined || isNonNegativeInteger(value.bytes);
    case "stderr":
      return direction === "server-to-client" && typeof value.text === "string";
    default:
      return false;
  }
}

/** Why an event was refused: the reason code and the one-line detail (without the `line N: ` prefix). */
export interface EventSchemaProblem {
  reason: Extract<TraceFormatReason, "schema" | "unknown-kind" | "unknown-direction" | "unknown-transport">;
  detail: string;
}

function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return escapeTerminal(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

function listOf(values: readonly string[]): string {
  return `${values.slice(0, -1).join(", ")} or ${values[values.length - 1]}`;
}

function unknownValue(
  record: Record<string, unknown>,
  field: "kind" | "direction" | "transport",
  allowed: readonly string[],
): string | undefined {
  const value = record[field];
  if (value === undefined || allowed.includes(value as string)) return undefined;
  return `unknown ${field} ${shown(value)} (expected ${listOf(allowed)})`;
}

function describeAjvError(error: ErrorObject): string {
  const path = error.instancePath === "" ? "/" : escapeTerminal(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `schema violation at ${error.instancePath}/${escapeTerminal(String(params.missingProperty))}: is required`;
    case "enum":
      return `schema violation at ${path}: must be one of ${listOf((params.allowedValues as string[]).map(String))}`;
    case "const":
      return `schema violation at ${path}: must be ${shown(params.allowedValue)}`;
    default:
      return `schema violation at ${path}: ${error.message ?? "is invalid"}`;
  }
}

/** Checks a parsed line; `undefined` when it is a valid trace event, else why not. */
export function checkTraceEvent(value: unknown): EventSchemaProblem | undefined {
  if (matchesTraceEventSchema(value)) return undefined;
  if (isPlainObject(value)) {
    const kind = unknownValue(value, "kind", EVENT_KINDS);
    if (kind) return { reason: "unknown-kind", detail: kind };
    const direction = unknownValue(value, "direction", DIRECTIONS);
    if (direction) return { reason: "unknown-direction", detail: direction };
    const transport = unknownValue(value, "transport", TRANSPORTS);
    if (transport) return { reason: "unknown-transport", detail: transport };
  }
  const validate = traceEventSchemaValidator();
  if (validate(value)) return undefined;
  const errors = validate.errors ?? [];
  const first = errors.find((error) => error.keyword !== "if") ?? errors[0];
  return { reason: "schema", detail: first ? describeAjvError(first) : "schema violation" };
}
