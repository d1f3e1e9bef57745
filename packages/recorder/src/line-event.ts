/**
 * Turning one observed line into its trace event: JSON becomes a `message`, anything else a `raw` line, and a line
 * cut at the byte limit a truncated `raw` that keeps the id and method its start shows. This is the one place an
 * observed line becomes an event, in three shapes: `buildLineEvent` gives the event as an object (for sinks that
 * take objects); for the file sinks, which write lines, `messageLineKind` tells a plain JSON line, whose trace line is its
 * event's prefix and its own bytes (decided on the bytes, nothing decoded; see trace-lines.ts), and `lineEventJson`
 * gives any other line's trace line. The same event each way: a message's payload is written as the JSON text that
 * arrived.
 */
import { isUtf8 } from "node:buffer";
import {
  type Direction,
  exceedsJsonDepth,
  readMessageHead,
  type TraceEvent,
  type Transport,
} from "@mcp-conf/trace-format";
import { jsonLineKind, MAX_MESSAGE_DEPTH, NOT_JSON, OTHER_JSON } from "./json-bytes.js";

/** The raw facts of one observed line, enough to build its event anywhere. */
export interface LineRecord {
  seq: number;
  /** Milliseconds since the epoch, or undefined when the recorder writes no timestamps. */
  at: number | undefined;
  direction: Direction;
  transport: Transport;
  bytes: Uint8Array;
  length: number;
  truncated: boolean;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/** What a line is: its text, its parsed payload when it is whole JSON, and whether its bytes were valid UTF-8. */
interface ReadLine {
  text: string;
  payload?: unknown;
  invalid: boolean;
}

function readLine(line: LineRecord): ReadLine {
  const text = decoder.decode(line.bytes);
  const invalid = !isUtf8(line.truncated ? withoutCutCharacter(line.bytes) : line.bytes);
  if (line.truncated || exceedsJsonDepth(text, MAX_MESSAGE_DEPTH)) return { text, invalid };
  try {
    return { text, payload: JSON.parse(text), invalid };
  } catch {
    return { text, invalid };
  }
}

/** A line cut at the byte limit may end inside a character: its last (up to 3) bytes of one started sequence go. */
function withoutCutCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? bytes.subarray(0, bytes.length - back) : bytes;
  }
  return bytes;
}

/** The mark of bytes that were not UTF-8 (the text replaced them), on message and raw events alike. */
function utf8Mark(read: ReadLine): { invalidUtf8?: true } {
  return read.invalid ? { invalidUtf8: true } : {};
}

let lastAt = Number.NaN;
let lastIso = "";
/** RFC 3339 for a millisecond time; lines of a burst share their millisecond, so the last one is kept. */
export function isoTime(at: number): string {
  if (at !== lastAt) {
    lastAt = at;
    lastIso = new Date(at).toISOString();
  }
  return lastIso;
}

export function buildLineEvent(line: LineRecord): TraceEvent {
  const { seq, direction, transport } = line;
  const stamp = line.at === undefined ? {} : { ts: isoTime(line.at) };
  const read = readLine(line);
  if ("payload" in read) {
    return { seq, direction, transport, kind: "message", ...stamp, ...utf8Mark(read), payload: read.payload };
  }
  if (!line.truncated) return { seq, direction, transport, kind: "raw", ...stamp, ...utf8Mark(read), text: read.text };
  const head = readMessageHead(read.text);
  return {
    seq,
    direction,
    transport,
    kind: "raw",
    ...stamp,
    ...utf8Mark(read),
    text: read.text,
    truncated: true,
    bytes: line.length,
    ...head,
  };
}

/**
 * Whether the line in `bytes[start, end)` is whole, valid UTF-8 JSON and holds no carriage return (JSON whitespace,
 * but a line break to some readers): then its trace line is its event's prefix, its own bytes as the payload, and
 * `}`. Otherwise `lineEventJson` builds its line. Decided on the bytes: nothing is decoded, parsed or re-encoded.
 * Returns `NOT_JSON` (0) for no, `ASCII_JSON` when its bytes are all ASCII, else `OTHER_JSON`.
 */
export function messageLineKind(bytes: Uint8Array, start: number, end: number, truncated: boolean): number {
  if (truncated) return NOT_JSON;
  const kind = jsonLineKind(bytes, start, end);
  if (kind !== OTHER_JSON) return kind;
  return isUtf8(bytes.subarray(start, end)) ? kind : NOT_JSON;
}

/**
 * `buildLineEvent` of a whole line `messageLineKind` found to be ASCII JSON, in `source[start, end)`: the same event
 * (and key order), for less — ASCII is its own UTF-8, so its text is the bytes read as Latin-1, with no decoder and
 * no check that they are UTF-8.
 */
export function asciiMessageEvent(line: LineRecord, source: Buffer, start: number, end: number): TraceEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(source.toString("latin1", start, end));
  } catch {
    return buildLineEvent(line);
  }
  const { seq, direction, transport } = line;
  if (line.at === undefined) return { seq, direction, transport, kind: "message", payload };
  return { seq, direction, transport, kind: "message", ts: isoTime(line.at), payload };
}

/**
 * The trace line (no newline) of a line `messageLineKind` does not take — not JSON, cut, not UTF-8, or holding a
 * carriage return: its event, in the key order trace-format's writer uses.
 */
export function lineEventJson(line: LineRecord): string {
  return JSON.stringify(buildLineEvent(line));
}
