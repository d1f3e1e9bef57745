/**
 * Whether a line's bytes are JSON, decided on the bytes themselves: the file sink's thread needs only the answer
 * (the line's own bytes become the payload), and JSON.parse would first decode the line and then build every value
 * in it, for the collector to throw away. The grammar is RFC 8259's, which is exactly what JSON.parse accepts; the
 * tests hold the two to the same answer.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

function table(members: Iterable<number>): Uint8Array {
  const t = new Uint8Array(256);
  for (const m of members) t[m] = 1;
  return t;
}
const codes = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** JSON whitespace without the carriage return, which a trace line must not hold (see `isJsonLine`). */
const SPACE = table([0x20, 0x09, 0x0a]);
/** What ends a run of plain string content: the closing quote, an escape, a control character. */
const STRING_STOP = table([QUOTE, BACKSLASH, ...Array.from({ length: 0x20 }, (_, c) => c)]);
const ESCAPED = table(codes('"\\/bfnrt'));
const HEX = table(codes("0123456789abcdefABCDEF"));

const IN_OBJECT = 1;
const IN_ARRAY = 2;
/** What each open container is; kept between calls (and grown when a line nests deeper). */
let stack = new Uint8Array(64);

/** What `jsonLineKind` finds: not JSON, JSON of ASCII bytes only, or JSON whose strings hold other bytes. */
export const NOT_JSON = 0;
export const ASCII_JSON = 1;
export const OTHER_JSON = 2;

/**
 * The deepest nesting a message may have and still be recorded as one: the trace reader refuses a line nested deeper
 * than its default 128 levels, the event object being the first, so a message (the second) gets 127. A deeper one is
 * recorded as a `raw` line: what the recorder writes, the reader reads.
 */
export const MAX_MESSAGE_DEPTH = 127;

/**
 * True when `bytes` hold one JSON text (RFC 8259) and no carriage return (JSON whitespace, but a line break to some
 * readers). The bytes must already be known to be UTF-8: anything not ASCII is accepted inside strings, as its
 * decoding would be.
 */
export function isJsonLine(bytes: Uint8Array): boolean {
  return jsonLineKind(bytes, 0, bytes.length) !== NOT_JSON;
}

/** Bytes at or above 0x80 seen in string content, OR-ed together (the line's are ASCII while this is below 0x80). */
let high = 0;

/**
 * `isJsonLine` for `bytes[start, end)`, telling JSON of ASCII bytes only (then valid UTF-8 without further ado) from
 * JSON whose strings hold other bytes (UTF-8 only if they say so: the caller checks).
 */
export function jsonLineKind(bytes: Uint8Array, start: number, end: number): number {
  base = -1;
  high = 0;
  return jsonText(bytes, start, end) ? (high & 0x80 ? OTHER_JSON : ASCII_JSON) : NOT_JSON;
}

function jsonText(bytes: Uint8Array, start: number, end: number): boolean {
  let depth = 0;
  let i = start;
  for (;;) {
    // A value.
    while (i < end && SPACE[bytes[i]!]) i++;
    if (i >= end) return false;
    const first = bytes[i]!;
    if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      if (depth >= MAX_MESSAGE_DEPTH) return false;
      i++;
      while (i < end && SPACE[bytes[i]!]) i++;
      if (i < end && bytes[i] === (first === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) i++;
      else {
        if (depth === stack.length) {
          const deeper = new Uint8Array(2 * depth);
          deeper.set(stack);
          stack = deeper;
        }
        stack[depth++] = first === OPEN_BRACE ? IN_OBJECT : IN_ARRAY;
        if (first === OPEN_BRACE) {
          i = key(bytes, i, end);
          if (i < 0) return false;
        }
        continue;
      }
    } else if (first === QUOTE) {
      i = string(bytes, i + 1, end);
    } else if (first === 0x74) {
      i = literal(bytes, i, end, TRUE);
    } else if (first === 0x66) {
      i = literal(bytes, i, end, FALSE);
    } else if (first === 0x6e) {
      i = literal(bytes, i, end, NULL);
    } else {
      i = number(bytes, i, end);
    }
    if (i < 0) return false;
    // After a value: close what it ends, or go on to the next member or element.
    for (;;) {
      while (i < end && SPACE[bytes[i]!]) i++;
      if (depth === 0) return i === end;
      if (i >= end) return false;
      const c = bytes[i]!;
      const inside = stack[depth - 1];
      if (c === COMMA) {
        i++;
        if (inside === IN_OBJECT) {
          i = key(bytes, i, end);
          if (i < 0) return false;
        }
        break;
      }
      if (c !== (inside === IN_OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) return false;
      i++;
      depth--;
    }
  }
}

/** A member's name and its colon, from `i` (before any whitespace); the index after the colon, or -1. */
function key(bytes: Uint8Array, i: number, end: number): number {
  while (i < end && SPACE[bytes[i]!]) i++;
  if (i >= end || bytes[i] !== QUOTE) return -1;
  i = string(bytes, i + 1, end);
  if (i < 0) return -1;
  while (i < end && SPACE[bytes[i]!]) i++;
  return i < end && bytes[i] === COLON ? i + 1 : -1;
}

/** The 4-byte words of the buffer being scanned (kept while the next line comes from the same buffer). */
let wordsOf: ArrayBufferLike | undefined;
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);
/** Where the line being scanned starts in `words`' buffer; -1 until its first long run of string content. */
let base = -1;

/**
 * From `i`, the index of the first byte that ends a run of plain string content (see `STRING_STOP`), or `end`.
 * Most of a message's bytes are string content, so whole aligned words are tested at once, two a turn: a word holds
 * a stop byte when one of its bytes is below 0x20 or equals `"` or `\` (the classic "has a byte less than / equal
 * to" bit tests, exact as a yes or no); from the pair that does, bytes are looked at one by one.
 */
function plainRun(bytes: Uint8Array, i: number, end: number): number {
  let h = 0;
  if (end - i >= 32) {
    if (base < 0) {
      if (wordsOf !== bytes.buffer) {
        wordsOf = bytes.buffer;
        words = new Int32Array(bytes.buffer, 0, bytes.buffer.byteLength >> 2);
      }
      base = bytes.byteOffset;
    }
    const b = base;
    while ((b + i) & 3) {
      const c = bytes[i]!;
      if (STRING_STOP[c]) {
        high |= h;
        return i;
      }
      h |= c;
      i++;
    }
    const ws = words;
    let w = (b + i) >> 2;
    const stop = (b + end) >> 2;
    let seen = 0;
    while (w + 1 < stop) {
      const x = ws[w]!;
      const y = ws[w + 1]!;
      const qx = x ^ 0x22222222;
      const bx = x ^ 0x5c5c5c5c;
      const qy = y ^ 0x22222222;
      const by = y ^ 0x5c5c5c5c;
      const stopper =
        ((x - 0x20202020) & ~x) |
        ((qx - 0x01010101) & ~qx) |
        ((bx - 0x01010101) & ~bx) |
        ((y - 0x20202020) & ~y) |
        ((qy - 0x01010101) & ~qy) |
        ((by - 0x01010101) & ~by);
      if (stopper & 0x80808080) break;
      seen |= x | y;
      w += 2;
    }
    if (seen & 0x80808080) h = 0x80;
    i = (w << 2) - b;
  }
  for (; i < end; i++) {
    const c = bytes[i]!;
    if (STRING_STOP[c]) break;
    h |= c;
  }
  high |= h;
  return i;
}

/** A string's content and closing quote, from just after its opening quote; the index after it, or -1. */
function string(bytes: Uint8Array, i: number, end: number): number {
  for (;;) {
    i = plainRun(bytes, i, end);
    if (i >= end) return -1;
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c !== BACKSLASH || i + 1 >= end) return -1; // a control character, or a line ending in a backslash
    const escaped = bytes[i + 1]!;
    if (escaped === 0x75) {
      if (i + 5 >= end || !HEX[bytes[i + 2]!] || !HEX[bytes[i + 3]!] || !HEX[bytes[i + 4]!] || !HEX[bytes[i + 5]!])
        return -1;
      i += 6;
    } else if (ESCAPED[escaped]) i += 2;
    else return -1;
  }
}

const TRUE = codes("true");
const FALSE = codes("false");
const NULL = codes("null");

function literal(bytes: Uint8Array, i: number, end: number, word: readonly number[]): number {
  if (i + word.length > end) return -1;
  for (let k = 1; k < word.length; k++) if (bytes[i + k] !== word[k]) return -1;
  return i + word.length;
}

function digits(bytes: Uint8Array, i: number, end: number): number {
  while (i < end && bytes[i]! >= ZERO && bytes[i]! <= NINE) i++;
  return i;
}

/** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; the index after it, or -1. */
function number(bytes: Uint8Array, i: number, end: number): number {
  if (bytes[i] === MINUS) i++;
  if (i >= end) return -1;
  const lead = bytes[i]!;
  if (lead === ZERO) i++;
  else if (lead > ZERO && lead <= NINE) i = digits(bytes, i + 1, end);
  else return -1;
  if (i < end && bytes[i] === DOT) {
    const from = i + 1;
    i = digits(bytes, from, end);
    if (i === from) return -1;
  }
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    i++;
    if (i < end && (bytes[i] === PLUS || bytes[i] === MINUS)) i++;
    const from = i;
    i = digits(bytes, from, end);
    if (i === from) return -1;
  }
  return i;
}
