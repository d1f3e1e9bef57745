/**
 * The receiving side of `--otlp-logs`: an OTLP ExportLogsServiceRequest, protobuf or JSON, read back into the trace
 * events it carries (log-record.ts says how they were put there). The protobuf reader walks the wire format itself
 * and reads only what a trace event needs — the body string and the session, seq and label attributes — skipping
 * every other field by its wire type, so a record from a newer SDK with fields this one does not know still reads.
 * A record that carries no trace event (another program's log, a body that is not a string) is counted, not thrown.
 * Field numbers: opentelemetry-proto `collector/logs/v1`, `logs/v1`, `common/v1`.
 */
import { LOG_ATTRIBUTES } from "./log-record.js";

/** One trace event as a log record delivered it. */
export interface ReceivedEvent {
  session: string;
  seq: number;
  /** The event's trace line (no newline). */
  line: string;
  label?: string;
  /** The conversation the event belongs to (`mcp_conf.conversation`), when it has one. */
  conversation?: string;
  /** The exporter that sent it: its resource's `service.instance.id`. */
  instance?: string;
}

export interface DecodedLogs {
  events: ReceivedEvent[];
  /** Records that carried no trace event. */
  rejected: number;
}

/** The request could not be read at all (a truncated or garbled body). */
export class LogsDecodeError extends Error {
  override readonly name = "LogsDecodeError";
}

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LENGTH = 2;
const WIRE_FIXED32 = 5;

/** A cursor over one protobuf message's bytes. */
class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  more(): boolean {
    return this.pos < this.end;
  }

  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (this.pos >= this.end) throw new LogsDecodeError("truncated varint");
      const byte = this.buf[this.pos++]!;
      // Past 2^53 precision is lost, which no field read here needs (seq is checked to be a safe integer).
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
      if (shift > 63) throw new LogsDecodeError("varint longer than 10 bytes");
    }
  }

  /** The bounds of a length-delimited field's content. */
  sub(): Reader {
    const length = this.varint();
    const start = this.pos;
    if (start + length > this.end) throw new LogsDecodeError("length-delimited field runs past its message");
    this.pos = start + length;
    return new Reader(this.buf, start, start + length);
  }

  string(): string {
    const sub = this.sub();
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + sub.pos, sub.end - sub.pos).toString("utf8");
  }

  /** The next field's tag; field number 0 is never valid. */
  tag(): number {
    const tag = this.varint();
    if (tag < 8) throw new LogsDecodeError("field number 0");
    return tag;
  }

  skip(wireType: number): void {
    if (wireType === WIRE_VARINT) this.varint();
    else if (wireType === WIRE_FIXED64) this.pos += 8;
    else if (wireType === WIRE_LENGTH) this.sub();
    else if (wireType === WIRE_FIXED32) this.pos += 4;
    else throw new LogsDecodeError(`unsupported wire type ${wireType}`);
    if (this.pos > this.end) throw new LogsDecodeError("field runs past its message");
  }
}

/** Reads a protobuf ExportLogsServiceRequest. Throws `LogsDecodeError` for bytes that are not one. */
export function decodeLogsProtobuf(body: Uint8Array): DecodedLogs {
  const out: DecodedLogs = { events: [], rejected: 0 };
  const request = new Reader(body, 0, body.length);
  while (request.more()) {
    const tag = request.tag();
    if (tag === ((1 << 3) | WIRE_LENGTH)) readResourceLogs(request.sub(), out);
    else request.skip(tag & 7);
  }
  return out;
}

function readResourceLogs(resourceLogs: Reader, out: DecodedLogs): void {
  // The resource may come after its scope logs on the wire: they are read once it is known.
  const scopes: Reader[] = [];
  let instance: string | undefined;
  while (resourceLogs.more()) {
    const tag = resourceLogs.tag();
    if (tag === ((1 << 3) | WIRE_LENGTH)) instance = readInstance(resourceLogs.sub());
    else if (tag === ((2 << 3) | WIRE_LENGTH)) scopes.push(resourceLogs.sub());
    else resourceLogs.skip(tag & 7);
  }
  for (const scope of scopes) readScopeLogs(scope, out, instance);
}

/** A Resource's `service.instance.id`. */
function readInstance(resource: Reader): string | undefined {
  let instance: string | undefined;
  while (resource.more()) {
    const tag = resource.tag();
    if (tag !== ((1 << 3) | WIRE_LENGTH)) {
      resource.skip(tag & 7);
      continue;
    }
    const keyValue = resource.sub();
    let key: string | undefined;
    let value: string | number | undefined;
    while (keyValue.more()) {
      const inner = keyValue.tag();
      if (inner === ((1 << 3) | WIRE_LENGTH)) key = keyValue.string();
      else if (inner === ((2 << 3) | WIRE_LENGTH)) value = readAnyValue(keyValue.sub());
      else keyValue.skip(inner & 7);
    }
    if (key === INSTANCE && typeof value === "string") instance = value;
  }
  return instance;
}

function readScopeLogs(scopeLogs: Reader, out: DecodedLogs, instance: string | undefined): void {
  while (scopeLogs.more()) {
    const tag = scopeLogs.tag();
    if (tag === ((2 << 3) | WIRE_LENGTH)) readLogRecord(scopeLogs.sub(), out, instance);
    else scopeLogs.skip(tag & 7);
  }
}

/** What a record's attributes and body hold, before it is known to be a trace event. */
interface Fields {
  line?: string;
  session?: string;
  seq?: number;
  label?: string;
  conversation?: string;
  instance?: string;
}

const INSTANCE = "service.instance.id";

function readLogRecord(record: Reader, out: DecodedLogs, instance: string | undefined): void {
  const fields: Fields = instance === undefined ? {} : { instance };
  while (record.more()) {
    const tag = record.tag();
    if (tag === ((5 << 3) | WIRE_LENGTH)) {
      const value = readAnyValue(record.sub());
      if (typeof value === "string") fields.line = value;
    } else if (tag === ((6 << 3) | WIRE_LENGTH)) readAttribute(record.sub(), fields);
    else record.skip(tag & 7);
  }
  accept(fields, out);
}

/** The attribute keys a trace event needs, as bytes: a record's other attributes are skipped undecoded. */
const WANTED = [LOG_ATTRIBUTES.session, LOG_ATTRIBUTES.seq, LOG_ATTRIBUTES.label, LOG_ATTRIBUTES.conversation].map(
  (key) => ({ key, bytes: Buffer.from(key) }),
);

function readAttribute(keyValue: Reader, fields: Fields): void {
  let key: string | undefined;
  let value: Reader | undefined;
  while (keyValue.more()) {
    const tag = keyValue.tag();
    if (tag === ((1 << 3) | WIRE_LENGTH)) key = wantedKey(keyValue.sub());
    else if (tag === ((2 << 3) | WIRE_LENGTH)) value = keyValue.sub();
    else keyValue.skip(tag & 7);
  }
  if (key !== undefined && value !== undefined) assign(fields, key, readAnyValue(value));
}

/** The key, if it is one a trace event needs. */
function wantedKey(key: Reader): string | undefined {
  const length = key.end - key.pos;
  for (const wanted of WANTED) {
    if (wanted.bytes.length !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) same = key.buf[key.pos + i] === wanted.bytes[i];
    if (same) return wanted.key;
  }
  return undefined;
}

/** A string or integer AnyValue; any other kind reads as undefined (no attribute read here has one). */
function readAnyValue(anyValue: Reader): string | number | undefined {
  let value: string | number | undefined;
  while (anyValue.more()) {
    const tag = anyValue.tag();
    if (tag === ((1 << 3) | WIRE_LENGTH)) value = anyValue.string();
    else if (tag === ((3 << 3) | WIRE_VARINT)) value = anyValue.varint();
    else anyValue.skip(tag & 7);
  }
  return value;
}

function assign(fields: Fields, key: string | undefined, value: string | number | undefined): void {
  if (key === LOG_ATTRIBUTES.session && typeof value === "string") fields.session = value;
  else if (key === LOG_ATTRIBUTES.seq) fields.seq = seqOf(value);
  else if (key === LOG_ATTRIBUTES.label && typeof value === "string") fields.label = value;
  else if (key === LOG_ATTRIBUTES.conversation && typeof value === "string") fields.conversation = value;
}

function seqOf(value: string | number | undefined): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^(0|[1-9]\d{0,15})$/.test(value)) return Number(value);
  return undefined;
}

function accept(fields: Fields, out: DecodedLogs): void {
  const { line, session, seq } = fields;
  if (line === undefined || session === undefined || session === "" || seq === undefined) {
    out.rejected++;
    return;
  }
  if (!Number.isSafeInteger(seq) || seq < 0) {
    out.rejected++;
    return;
  }
  const event: ReceivedEvent = { session, seq, line };
  if (fields.label !== undefined) event.label = fields.label;
  if (fields.conversation !== undefined) event.conversation = fields.conversation;
  if (fields.instance !== undefined) event.instance = fields.instance;
  out.events.push(event);
}

interface JsonAnyValue {
  stringValue?: unknown;
  intValue?: unknown;
}

/** Reads an OTLP JSON ExportLogsServiceRequest (already parsed). Throws `LogsDecodeError` for another shape. */
export function decodeLogsJson(request: unknown): DecodedLogs {
  const out: DecodedLogs = { events: [], rejected: 0 };
  if (typeof request !== "object" || request === null) throw new LogsDecodeError("not an OTLP JSON logs request");
  for (const resourceLogs of arrayAt(request, "resourceLogs")) {
    let instance: string | undefined;
    for (const attribute of arrayAt((resourceLogs as { resource?: unknown }).resource, "attributes")) {
      const { key, value } = attribute as { key?: unknown; value?: JsonAnyValue };
      const text = jsonValue(value);
      if (key === INSTANCE && typeof text === "string") instance = text;
    }
    for (const scopeLogs of arrayAt(resourceLogs, "scopeLogs")) {
      for (const record of arrayAt(scopeLogs, "logRecords")) {
        const fields: Fields = instance === undefined ? {} : { instance };
        const body = (record as { body?: JsonAnyValue }).body;
        if (typeof body?.stringValue === "string") fields.line = body.stringValue;
        for (const attribute of arrayAt(record, "attributes")) {
          const { key, value } = attribute as { key?: unknown; value?: JsonAnyValue };
          assign(fields, typeof key === "string" ? key : undefined, jsonValue(value));
        }
        accept(fields, out);
      }
    }
  }
  return out;
}

function arrayAt(value: unknown, key: string): unknown[] {
  if (typeof value !== "object" || value === null) return [];
  const found = (value as Record<string, unknown>)[key];
  if (found === undefined) return [];
  if (!Array.isArray(found)) throw new LogsDecodeError(`${key} is not an array`);
  return found;
}

/** OTLP JSON writes int64 as a decimal string (and some encoders as a number). */
function jsonValue(value: JsonAnyValue | undefined): string | number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value.stringValue === "string") return value.stringValue;
  if (typeof value.intValue === "number") return value.intValue;
  if (typeof value.intValue === "string" && /^-?\d+$/.test(value.intValue)) return Number(value.intValue);
  return undefined;
}
