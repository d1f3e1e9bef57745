/**
 * base.schema-valid — every message against the revision's official JSON Schema ("the source of truth for all
 * protocol messages and structures"): requests and notifications by their method's type, results by the type of
 * the request they answer. The JSON-RPC envelope (jsonrpc, id, the error object) has clauses of its own in BASE and
 * is left to them, as are the payload defects listed in DEFERRED, which a more specific clause names; custom
 * methods the schema does not define are not judged here. A batch is no JSONRPCMessage (but at 2025-03-26): a server's batch on a
 * streamable-HTTP stream is reported here (batches on stdio and in POST bodies have transport clauses, TRAN-005/006
 * and TRAN-015).
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject, type TraceEvent } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { batchDefect, batchesAllowed } from "../support/batching.js";
import { hasCustomScheme } from "../support/encoding.js";
import { methodTypes } from "../support/schema-methods.js";

/**
 * Schema errors a more specific clause reports: when one of a message's errors matches, the whole schema finding
 * for that message is left to that clause (the other errors are usually echoes of the same defect through an
 * `anyOf`). Keyed by `$defs` type; `*` applies to every type.
 */
const DEFERRED: Readonly<Record<string, readonly RegExp[]>> = {
  "*": [
    // RES-010 (res.blob-base64), PROM-003/004 (prom.image/audio-content-encoded): base64 payloads
    /\/(blob|data): must match format "byte"$/,
    // 2026-07-28: BASE (meta.required-fields-present) — a request without its per-request _meta fields
    /^(\(root\): must have required property 'params'|\/params: must have required property '_meta'|\/params\/_meta: must have required property 'io\.modelcontextprotocol\/(protocolVersion|clientCapabilities)')$/,
    // 2026-07-28: BASE (modern.result-type-present), CACHE (cache.hints-present) — a result without resultType or hints
    /^\(root\): must have required property '(resultType|ttlMs|cacheScope)'$/,
    // 2026-07-28: CACHE (cache.ttl-non-negative)
    /^\/ttlMs: must be >= 0$/,
  ],
  // 2026-07-28: MRTR (mrtr.input-request-kinds) — an input request that is none of the three kinds
  InputRequiredResult: [/^\/inputRequests\//],
  // TOOL-003 (tool.input-schema-object): a listed tool without an object inputSchema of type "object"
  ListToolsResult: [
    /^\/tools\/\d+: must have required property 'inputSchema'$/,
    /^\/tools\/\d+\/inputSchema(\/type)?: must be (object|equal to constant)$/,
  ],
  // LIFE-004 (life.initialize-result-complete)
  InitializeResult: [
    /^\(root\): must have required property '(capabilities|serverInfo)'$/,
    /^\/(capabilities|serverInfo): must be object$/,
  ],
  // PROM-005 (prom.embedded-resource-uri), PROM-007 (prom.embedded-resource-content): an embedded resource in a
  // prompt message without its uri, or without text or blob data
  GetPromptResult: [/^\/messages\/\d+\/content\/resource: must have required property '(uri|text|blob)'$/],
  // LIFE-007 (life.requested-version-format)
  InitializeRequest: [/^\/params\/protocolVersion: must be string$/],
};

/** A URI that is not RFC 3986, at the JSON pointer the error names. */
const URI_FORMAT = /^(\/(?:.*\/)?uri): must match format "uri"$/;

/**
 * Whether a clause of its own judges one of these schema errors. A URI that is not RFC 3986 is RES-005's when its
 * scheme is custom (res.uri-valid), and PROM-005's in a prompt (prom.embedded-resource-uri); a `file:` or `https:`
 * URI elsewhere is no custom scheme's, so the schema's complaint stands.
 */
export function isDeferred(type: string, errors: readonly string[], value?: unknown): boolean {
  const patterns = [...(DEFERRED["*"] ?? []), ...(DEFERRED[type] ?? [])];
  return errors.some((error) => {
    if (patterns.some((pattern) => pattern.test(error))) return true;
    const pointer = URI_FORMAT.exec(error)?.[1];
    if (pointer === undefined) return false;
    if (type === "GetPromptResult") return true;
    const uri = atPointer(value, pointer);
    return typeof uri !== "string" || hasCustomScheme(uri);
  });
}

/** The value a JSON pointer (as Ajv writes instance paths) names. */
function atPointer(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isPlainObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Task-augmented requests are answered by a CreateTaskResult. */
const TASK_RESULT = "CreateTaskResult";
/** Multi round-trip requests (2026-07-28) may be answered by an InputRequiredResult. */
const INPUT_REQUIRED_RESULT = "InputRequiredResult";

export const schemaValid: CheckDefinition = {
  id: "base.schema-valid",
  description: "Every message validates against the revision's official JSON Schema type for its method.",
  tags: ["invalid-message"],
  subscribe: {
    messages: ["*request", "*notification"],
    exchanges: ["*request"],
    // Whole message events only for a server's batch on a streamable-HTTP stream.
    events: ["message"],
    transports: ["streamable-http"],
  },
  create(ctx: CheckContext) {
    const tables = methodTypes(ctx.revision);
    /** `part`: the message's type, or `result` for the result of a request (the detail names it only on a finding). */
    const judge = (seq: number, type: string, value: unknown, method: string, part: string) => {
      if (!ctx.hasSchema(type)) return;
      ctx.examined();
      const errors = ctx.validateSchema(type, value);
      if (errors.length > 0 && !isDeferred(type, errors, value)) {
        const what = part === "result" ? `result of ${method}` : `${method} ${part}`;
        ctx.report(seq, `${what} does not match the schema's ${type}: ${errors.join("; ")}`);
      }
    };
    return {
      event(event: TraceEvent) {
        if (event.kind !== "message" || !Array.isArray(event.payload)) return;
        if (event.transport !== "streamable-http" || event.direction !== "server-to-client") return;
        ctx.examined();
        if (batchesAllowed(ctx.revision)) {
          const defect = batchDefect(event.payload);
          if (defect) ctx.report(event.seq, `the server sent ${defect}`);
          return;
        }
        ctx.report(
          event.seq,
          `the server sent a JSON-RPC batch of ${event.payload.length} message(s); the schema's JSONRPCMessage is a single message`,
        );
      },
      message(ref: MessageRef) {
        const m = ref.message;
        if ((m.type !== "request" && m.type !== "notification") || !tables) return;
        const type = tables.message.get(m.method);
        if (type === undefined) return;
        // The envelope is judged by BASE's JSON-RPC clauses; validate the payload under a well-formed envelope.
        const copy: Record<string, unknown> = { jsonrpc: "2.0", method: m.method };
        if (type.endsWith("Request")) copy.id = 0;
        if (isPlainObject(m.raw) && "params" in m.raw) copy.params = m.raw.params;
        if (m.type === "request" && !type.endsWith("Request")) return; // a notification sent with an id: BASE-013
        if (m.type === "notification" && !type.endsWith("Notification")) return; // a request without an id
        judge(ref.seq, type, copy, m.method, m.type);
      },
      exchange(exchange: Exchange) {
        if (exchange.type !== "request" || !exchange.response || !tables) return;
        const response = exchange.response.message;
        if (response.type !== "result" || !isPlainObject(response.result)) return; // non-objects: BASE-008
        let type = tables.result.get(exchange.method);
        if (type === undefined) return;
        if (response.result.resultType === "input_required") {
          // Where the method allows none, mrtr.input-required-methods judges it.
          if (!tables.inputRequired.has(exchange.method)) return;
          type = INPUT_REQUIRED_RESULT;
        }
        const params = exchange.request.message.params;
        if (isPlainObject(params) && isPlainObject(params.task) && "task" in response.result) type = TASK_RESULT;
        judge(exchange.response.seq, type, response.result, exchange.method, "result");
      },
    };
  },
};
