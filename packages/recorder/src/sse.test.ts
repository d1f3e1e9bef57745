import { describe, expect, it } from "vitest";
import { SseDataParser } from "./sse.js";

function parse(chunks: string[], max?: number) {
  const out: Array<{ text: string; truncated: boolean; length: number }> = [];
  const parser = new SseDataParser(
    (l) => out.push({ text: l.bytes.toString(), truncated: l.truncated, length: l.length }),
    max,
  );
  for (const c of chunks) parser.push(Buffer.from(c));
  parser.end();
  return out;
}

describe("SseDataParser", () => {
  it("yields each event's data lines joined by newlines, skipping id, event, retry and comments", () => {
    const text = ': comment\nid: 1\nevent: message\ndata: {"a":\ndata:1}\n\nretry: 5\n\n';
    expect(parse([text]).map((e) => e.text)).toEqual(['{"a":\n1}']);
  });

  it("handles CRLF and CR line ends split across chunks", () => {
    expect(parse(["data: x\r", "\n\r", "\ndata: y\r\r"]).map((e) => e.text)).toEqual(["x", "y"]);
  });

  it("yields nothing for an event with empty data (a resumability priming event) or one never closed", () => {
    expect(parse(["id: 7\ndata:\n\n", "data: unfinished"])).toEqual([]);
  });

  it("cuts data past the limit and reports the full length", () => {
    const [event] = parse([`data: ${"z".repeat(50)}\n\n`], 10);
    expect(event).toEqual({ text: "z".repeat(10), truncated: true, length: 50 });
  });

  it("keeps multi-byte characters split across chunks intact", () => {
    const bytes = Buffer.from("data: é€\n\n");
    const out: string[] = [];
    const parser = new SseDataParser((l) => out.push(l.bytes.toString()));
    for (const b of bytes) parser.push(Uint8Array.of(b));
    expect(out).toEqual(["é€"]);
  });
});

describe("SseDataParser on bytes", () => {
  function events(chunks: Buffer[], max?: number) {
    const out: Array<{ bytes: Buffer; truncated: boolean; length: number }> = [];
    const parser = new SseDataParser((l) => out.push(l), max);
    for (const c of chunks) parser.push(c);
    parser.end();
    return out;
  }

  it("yields the bytes that arrived, invalid UTF-8 included (nothing is replaced with U+FFFD)", () => {
    const bad = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d]); // {"a":"\xff\xc3"}
    const [event] = events([Buffer.concat([Buffer.from("data: "), bad, Buffer.from("\n\n")])]);
    expect(event!.bytes.equals(bad)).toBe(true);
  });

  it("drops a byte order mark at the start of the stream, even split across chunks, and only there", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const stream = Buffer.concat([bom, Buffer.from("data: a\n\n")]);
    expect(events([stream.subarray(0, 2), stream.subarray(2)]).map((e) => e.bytes.toString())).toEqual(["a"]);
    const later = Buffer.concat([Buffer.from("data: "), bom, Buffer.from("\n\n")]);
    expect(events([later])[0]!.bytes.equals(bom)).toBe(true);
  });

  it("keeps the first bytes of a line far past the limit, fed in many chunks, and counts all of it", () => {
    const chunks = [Buffer.from("data: ")];
    for (let i = 0; i < 1000; i++) chunks.push(Buffer.alloc(1000, i % 2 ? "a" : "b"));
    chunks.push(Buffer.from("\ndata: tail\n\n"));
    const [event] = events(chunks, 1500);
    expect(event!.length).toBe(1000 * 1000 + 1 + 4);
    expect(event!.truncated).toBe(true);
    expect(event!.bytes.toString()).toBe("b".repeat(1000) + "a".repeat(500));
  });
});
