/**
 * fast-check arbitraries for trace events, for the package's property tests (not exported from the package):
 * valid events of every kind with optional fields and unknown extras, and mutations of them that break one field.
 */
import fc from "fast-check";
import type { TraceEvent } from "../src/types.js";

const direction = fc.constantFrom("client-to-server", "server-to-client");
const transport = fc.constantFrom("stdio", "streamable-http", "sse");
const text = fc.string({ unit: "binary", maxLength: 40 });

const common = {
  seq: fc.nat({ max: 1_000_000 }),
  direction,
  transport,
  ts: fc.oneof(
    fc.constant("2025-11-25T12:00:00.123Z"),
    fc
      .date({ min: new Date(0), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.constantFrom("2025-11-25t12:00:00+05:30", "1985-04-12T23:20:50.52Z", "1990-12-31T15:59:60-08:00"),
  ),
  redacted: fc.boolean(),
};
const commonRequired = ["seq", "direction", "transport"] as const;

const bodies = [
  fc.record({ kind: fc.constant("message"), payload: fc.jsonValue({ maxDepth: 4 }) }),
  fc.record(
    {
      kind: fc.constant("http"),
      status: fc.integer({ min: 100, max: 599 }),
      headers: fc.dictionary(text, text, { maxKeys: 4 }),
      method: fc.constantFrom("POST", "GET", "DELETE"),
      path: text,
      endpoint: text,
    },
    { requiredKeys: ["kind"] },
  ),
  fc.record(
    {
      kind: fc.constant("lifecycle"),
      event: fc.constantFrom("transport-open", "transport-close", "transport-abort"),
      meta: fc.record(
        {
          label: text,
          session: text,
          command: fc.array(text, { maxLength: 3 }),
          cwd: text,
          upstream: text,
          recorder: fc.record({ name: text, version: text }),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ["kind", "event"] },
  ),
  fc.record(
    {
      kind: fc.constant("raw"),
      text,
      truncated: fc.boolean(),
      bytes: fc.nat(),
      id: fc.oneof(text, fc.integer()),
      method: text,
    },
    { requiredKeys: ["kind", "text"] },
  ),
  fc.record({ kind: fc.constant("stderr"), direction: fc.constant("server-to-client"), text }),
];

/** Unknown extra fields, which readers ignore and keep. */
const extras = fc.dictionary(
  fc.string({ maxLength: 8 }).map((key) => `x-${key}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

/** A valid trace event of any kind, as a plain JSON value. */
export const validEvent: fc.Arbitrary<TraceEvent> = fc
  .tuple(fc.record(common, { requiredKeys: [...commonRequired] }), fc.oneof(...bodies), extras)
  .map(([core, body, extra]) => normalizeJson({ ...extra, ...core, ...body }) as TraceEvent);

const SCHEMA_PATHS = [
  ["seq"],
  ["direction"],
  ["transport"],
  ["kind"],
  ["ts"],
  ["redacted"],
  ["payload"],
  ["status"],
  ["headers"],
  ["headers", "content-type"],
  ["method"],
  ["path"],
  ["endpoint"],
  ["event"],
  ["meta"],
  ["meta", "command"],
  ["meta", "recorder"],
  ["meta", "recorder", "name"],
  ["text"],
  ["truncated"],
  ["bytes"],
  ["id"],
];

const strangeValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 1.5, 99, 600, 1e300, "", "message", "server-to-client", "transport-open", [], {}, null),
  fc.constantFrom("yesterday", "2025-11-25", "2025-13-01T00:00:00Z", "2025-11-25T12:00:00", "2025-11-25 12:00:00Z"),
);

/** A valid event with one schema field replaced by an arbitrary value, or removed. */
export const mutatedEvent: fc.Arbitrary<unknown> = fc
  .tuple(validEvent, fc.constantFrom(...SCHEMA_PATHS), fc.option(strangeValue, { nil: undefined }))
  .map(([event, path, value]) => {
    const copy = structuredClone(event) as unknown as Record<string, unknown>;
    let node: Record<string, unknown> = copy;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    if (value === undefined) delete node[last];
    else node[last] = value;
    return normalizeJson(copy);
  });

/** The value as JSON would carry it (no undefined, no -0). */
export function normalizeJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** Valid events with strictly increasing seqs (gaps allowed), as a trace would hold them. */
export const eventSequence: fc.Arbitrary<TraceEvent[]> = fc
  .array(fc.tuple(validEvent, fc.nat({ max: 3 })), { maxLength: 25 })
  .map((pairs) => {
    let seq = -1;
    return pairs.map(([event, gap]) => {
      seq += 1 + gap;
      return { ...event, seq };
    });
  });
