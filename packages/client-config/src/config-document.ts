/**
 * A client's configuration file as bytes that edits keep: the JSON-with-comments text is read for its structure, and
 * an edit replaces only the bytes of the span it names, so every other byte — a byte order mark, line ends, bytes
 * that are not UTF-8 in a comment or another server's entry — is written back as it was read. The text is the bytes
 * decoded as UTF-8 with each invalid byte read as U+FFFD; an edit may not touch a span that holds one (it could not
 * be written back), so an entry whose own bytes are not UTF-8 is refused rather than changed.
 */

/** A change of the text: `length` code units at `offset` become `content` (jsonc-parser's `Edit`). */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** A span to edit holds bytes that are not UTF-8 (they could not be written back). */
export class NotUtf8Error extends Error {
  override name = "NotUtf8Error";
}

const BOM = [0xef, 0xbb, 0xbf];

export class ConfigDocument {
  /** The file's text (without its byte order mark), invalid bytes as U+FFFD. */
  readonly text: string;
  /** Whether the file starts with a UTF-8 byte order mark (kept, never part of `text`). */
  readonly bom: boolean;
  private readonly bytes: Uint8Array;
  /** The byte offset of each code unit of `text`, and of its end. */
  private readonly byteAt: Uint32Array;
  /** The code units of `text` that stand for a byte that is not UTF-8. */
  private readonly invalid: Set<number>;

  private constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.bom = BOM.every((byte, i) => bytes[i] === byte);
    const decoded = decodeUtf8(bytes, this.bom ? BOM.length : 0);
    this.text = decoded.text;
    this.byteAt = decoded.byteAt;
    this.invalid = decoded.invalid;
  }

  static fromBytes(bytes: Uint8Array): ConfigDocument {
    return new ConfigDocument(bytes);
  }

  static fromText(text: string): ConfigDocument {
    return new ConfigDocument(Buffer.from(text, "utf8"));
  }

  /** The file's bytes. */
  toBytes(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** The document with `edits` applied to its bytes (non-overlapping spans of `text`). Throws `NotUtf8Error`. */
  edit(edits: readonly TextEdit[]): ConfigDocument {
    const sorted = [...edits].sort((a, b) => b.offset - a.offset);
    for (const { offset, length } of sorted) {
      for (let i = offset; i < offset + length; i++) {
        if (this.invalid.has(i)) throw new NotUtf8Error("the part to change holds bytes that are not UTF-8");
      }
    }
    let bytes = Buffer.from(this.toBytes());
    for (const { offset, length, content } of sorted) {
      const start = this.byteAt[offset]!;
      const end = this.byteAt[offset + length]!;
      bytes = Buffer.concat([bytes.subarray(0, start), Buffer.from(content, "utf8"), bytes.subarray(end)]);
    }
    return new ConfigDocument(bytes);
  }
}

/** UTF-8 decoding that says where each code unit came from; a byte that starts no valid sequence is one U+FFFD. */
function decodeUtf8(bytes: Uint8Array, start: number): { text: string; byteAt: Uint32Array; invalid: Set<number> } {
  const units: number[] = [];
  const at: number[] = [];
  const invalid = new Set<number>();
  let i = start;
  while (i < bytes.length) {
    const [codePoint, size] = readCodePoint(bytes, i);
    if (codePoint === undefined) {
      invalid.add(units.length);
      units.push(0xfffd);
      at.push(i);
      i++;
      continue;
    }
    if (codePoint > 0xffff) {
      const high = 0xd800 + ((codePoint - 0x10000) >> 10);
      const low = 0xdc00 + ((codePoint - 0x10000) & 0x3ff);
      units.push(high, low);
      at.push(i, i);
    } else {
      units.push(codePoint);
      at.push(i);
    }
    i += size;
  }
  at.push(bytes.length);
  let text = "";
  for (let from = 0; from < units.length; from += 8192) {
    text += String.fromCharCode(...units.slice(from, from + 8192));
  }
  return { text, byteAt: Uint32Array.from(at), invalid };
}

/** The code point of the well-formed UTF-8 sequence at `i` and its length, or `[undefined, 1]`. */
function readCodePoint(bytes: Uint8Array, i: number): [number | undefined, number] {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return [b0, 1];
  const size = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (size === 0 || i + size > bytes.length) return [undefined, 1];
  let codePoint = b0 & (0xff >> (size + 1));
  for (let k = 1; k < size; k++) {
    const b = bytes[i + k]!;
    if ((b & 0xc0) !== 0x80) return [undefined, 1];
    codePoint = (codePoint << 6) | (b & 0x3f);
  }
  const smallest = size === 2 ? 0x80 : size === 3 ? 0x800 : 0x10000;
  if (codePoint < smallest || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return [undefined, 1];
  }
  return [codePoint, size];
}
