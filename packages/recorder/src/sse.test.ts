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
