/**
 * A strict check of an OTLP/HTTP JSON body against the official opentelemetry-proto definitions that
 * @elastic/mockotlpserver ships, loaded with protobufjs. `Type.fromObject` forgives too much, so this walks the
 * JSON itself: no unknown or null fields, 64-bit integers as decimal strings, 32-bit integers and enums as
 * integers naming a defined value, one member per oneof, trace/span ids as lower-case hex of the right length, and
 * strings that are valid Unicode (protobuf strings are UTF-8: no lone surrogates).
 */
import { createRequire } from "node:module";
import path from "node:path";
import protobuf from "protobufjs";

const require = createRequire(import.meta.url);
const protoRoot = path.dirname(require.resolve("@elastic/mockotlpserver/package.json"));

let root: protobuf.Root | undefined;

function loadRoot(): protobuf.Root {
  if (root) return root;
  const r = new protobuf.Root();
  r.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(protoRoot, target));
  r.loadSync("opentelemetry/proto/collector/trace/v1/trace_service.proto");
  r.loadSync("opentelemetry/proto/collector/logs/v1/logs_service.proto");
  r.loadSync("opentelemetry/proto/collector/metrics/v1/metrics_service.proto");
  r.resolveAll();
  root = r;
  return r;
}

const INT64 = new Set(["int64", "uint64", "sint64", "fixed64", "sfixed64"]);
const INT32 = new Set(["int32", "uint32", "sint32", "fixed32", "sfixed32"]);
const HEX_IDS: Record<string, number> = { traceId: 32, spanId: 16, parentSpanId: 16 };

const REQUESTS = {
  traces: "opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest",
  logs: "opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest",
  metrics: "opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest",
} as const;

/** Problems found in `body` as an OTLP JSON export request (traces unless said); empty when it is strictly valid. */
export function strictOtlpProblems(body: unknown, signal: keyof typeof REQUESTS = "traces"): string[] {
  const type = loadRoot().lookupType(REQUESTS[signal]);
  const problems: string[] = [];
  walkMessage(type, body, "$", problems);
  return problems;
}

function walkMessage(type: protobuf.Type, value: unknown, at: string, problems: string[]) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push(`${at}: expected an object for ${type.name}`);
    return;
  }
  const fieldsByJsonName = new Map<string, protobuf.Field>();
  for (const field of type.fieldsArray) fieldsByJsonName.set(field.name, field);
  const oneofsSeen = new Map<string, string>();
  for (const [key, child] of Object.entries(value)) {
    const field = fieldsByJsonName.get(key);
    if (!field) {
      problems.push(`${at}.${key}: unknown field of ${type.name}`);
      continue;
    }
    if (field.partOf) {
      const other = oneofsSeen.get(field.partOf.name);
      if (other) problems.push(`${at}: both ${other} and ${key} of oneof ${field.partOf.name}`);
      oneofsSeen.set(field.partOf.name, key);
    }
    if (child === null) {
      problems.push(`${at}.${key}: null`);
      continue;
    }
    if (field.repeated) {
      if (!Array.isArray(child)) {
        problems.push(`${at}.${key}: expected an array`);
        continue;
      }
      child.forEach((item, i) => {
        walkValue(field, item, `${at}.${key}[${i}]`, problems);
      });
    } else {
      walkValue(field, child, `${at}.${key}`, problems);
    }
  }
}

function walkValue(field: protobuf.Field, value: unknown, at: string, problems: string[]) {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) {
    walkMessage(resolved, value, at, problems);
    return;
  }
  if (resolved instanceof protobuf.Enum) {
    if (typeof value !== "number" || !Number.isInteger(value)) problems.push(`${at}: enum must be an integer`);
    else if (!Object.values(resolved.values).includes(value)) problems.push(`${at}: ${value} is no ${resolved.name}`);
    return;
  }
  const t = field.type;
  if (INT64.has(t)) {
    if (typeof value !== "string" || !/^-?(0|[1-9]\d*)$/.test(value)) {
      problems.push(`${at}: ${t} must be a decimal string, got ${JSON.stringify(value)}`);
    } else if (!t.startsWith("s") && !t.startsWith("int") && value.startsWith("-")) {
      problems.push(`${at}: ${t} must not be negative`);
    } else {
      const n = BigInt(value);
      if (n >= 2n ** 64n || n < -(2n ** 63n)) problems.push(`${at}: ${t} out of range`);
    }
  } else if (INT32.has(t)) {
    if (typeof value !== "number" || !Number.isInteger(value)) problems.push(`${at}: ${t} must be an integer number`);
    else if ((t.startsWith("u") || t === "fixed32") && (value < 0 || value > 0xffffffff)) {
      problems.push(`${at}: ${t} out of range`);
    }
  } else if (t === "string") {
    if (typeof value !== "string") problems.push(`${at}: expected a string`);
    else if (!isWellFormed(value)) problems.push(`${at}: a string with a lone surrogate is not valid UTF-8`);
  } else if (t === "bool") {
    if (typeof value !== "boolean") problems.push(`${at}: expected a boolean`);
  } else if (t === "double" || t === "float") {
    if (typeof value !== "number") problems.push(`${at}: expected a number`);
  } else if (t === "bytes") {
    const hexLength = HEX_IDS[field.name];
    if (hexLength !== undefined) {
      const ok = typeof value === "string" && (value === "" || new RegExp(`^[0-9a-f]{${hexLength}}$`).test(value));
      if (!ok) problems.push(`${at}: expected ${hexLength} lower-case hex characters, got ${JSON.stringify(value)}`);
      else if (value !== "" && /^0+$/.test(value)) problems.push(`${at}: an all-zero id is invalid`);
    } else if (typeof value !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      problems.push(`${at}: bytes must be base64`);
    }
  } else {
    problems.push(`${at}: unhandled proto type ${t}`);
  }
}

function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}
