import { describe, expect, it } from "vitest";
import { StreamOpening } from "./legacy-sse.js";

function run(chunks: string[], rewrite: string | undefined) {
  const seen: string[] = [];
  const opening = new StreamOpening({
    endpoint: (data) => {
      seen.push(`endpoint ${data}`);
      return rewrite;
    },
    other: () => seen.push("other"),
  });
  let forwarded = "";
  let observed = "";
  const forwardedAt: number[] = [];
  chunks.forEach((chunk, i) => {
    const out = opening.push(Buffer.from(chunk));
    if (out.forward.length > 0) forwardedAt.push(i);
    forwarded += out.forward.toString();
    observed += out.observe.toString();
  });
  const last = opening.end();
  forwarded += last.forward.toString();
  observed += last.observe.toString();
  return { seen, forwarded, observed, forwardedAt };
}

describe("StreamOpening: the first event of a GET stream", () => {
  it("holds an endpoint event split across chunks until it is complete, then rewrites only its data", () => {
    const out = run([": hi\n\nevent: endp", "oint\r\ndata: /message?s=1\r", "\n\r\n", 'data: {"a":1}\n\n'], "/p?s=1");
    expect(out.seen).toEqual(["endpoint /message?s=1"]);
    expect(out.forwarded).toBe(': hi\n\nevent: endpoint\r\ndata: /p?s=1\r\n\r\ndata: {"a":1}\n\n');
    expect(out.forwardedAt).toEqual([0, 2, 3]); // the comment at once; the event once complete
    expect(out.observed).toBe('data: {"a":1}\n\n');
  });

  it("forwards an endpoint event unchanged when no rewrite is asked for", () => {
    const text = "event: endpoint\ndata:/message\n\nevent: message\ndata: {}\n\n";
    const out = run([text], undefined);
    expect(out.seen).toEqual(["endpoint /message"]);
    expect(out.forwarded).toBe(text);
  });

  it("passes a stream whose first event is not an endpoint through byte for byte, all of it observed", () => {
    const text = 'id: 1\ndata: {"jsonrpc":"2.0"}\n\nevent: endpoint\ndata: /x\n\n';
    const out = run([text.slice(0, 7), text.slice(7)], "/never");
    expect(out.seen).toEqual(["other"]);
    expect(out.forwarded).toBe(text);
    expect(out.observed).toBe(text);
  });

  it("gives up holding after 16 KiB without a complete event, and on a stream that ends first", () => {
    const long = `data: ${"x".repeat(17 * 1024)}`;
    expect(run([long, "\n\n"], "/never")).toMatchObject({ seen: ["other"], forwarded: `${long}\n\n` });
    expect(run(["event: endpoint\ndata: /m"], "/never")).toMatchObject({
      seen: ["other"],
      forwarded: "event: endpoint\ndata: /m",
    });
  });
});
