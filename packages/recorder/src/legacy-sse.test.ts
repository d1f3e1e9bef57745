import { describe, expect, it } from "vitest";
import { SseEndpoints, StreamOpening } from "./legacy-sse.js";
import type { Recorder } from "./recorder.js";

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

describe("SseEndpoints: where the client must POST to reach the endpoint through the proxy", () => {
  // An absolute endpoint URL comes from no real peer here (the SDK's server sends a path), so these are by hand.
  const recorder = { session: "sse-1" } as Recorder;
  function endpoints(upstream: string) {
    const errors: string[] = [];
    return { table: new SseEndpoints(new URL(upstream), (m) => errors.push(m)), errors };
  }

  it("leaves a path the client reaches through the proxy as it is", () => {
    const { table } = endpoints("http://localhost:3001/");
    const stream = new URL("http://localhost:3001/sse");
    expect(table.announce("/message?sessionId=a", stream, "/sse", recorder)).toEqual({ path: "/message" });
    expect(table.sessionFor(new URL("http://localhost:3001/message?sessionId=a"))).toBe(recorder);
    expect(table.sessionFor(new URL("http://localhost:3001/message?sessionId=b"))).toBeUndefined();
  });

  it("rewrites an absolute URL naming the server to the path on the proxy that maps to it", () => {
    const { table } = endpoints("http://localhost:3001/mcp");
    const stream = new URL("http://localhost:3001/mcp/sse");
    const announced = table.announce("http://localhost:3001/mcp/message?s=1", stream, "/sse", recorder);
    expect(announced).toEqual({ path: "/mcp/message", rewritten: "/message?s=1" });
  });

  it("serves an endpoint that no proxy path maps to from a reserved path, and forwards that path to it", () => {
    const { table } = endpoints("http://localhost:3001/sse");
    const stream = new URL("http://localhost:3001/sse");
    const announced = table.announce("/message?sessionId=a", stream, "/", recorder);
    expect(announced).toEqual({ path: "/message", rewritten: "/.mcp-conf/sse-endpoint/1?sessionId=a" });
    const target = table.target(announced.rewritten!);
    expect(target?.href).toBe("http://localhost:3001/message?sessionId=a");
    expect(table.sessionFor(target!)).toBe(recorder);
    expect(table.target("/.mcp-conf/sse-endpoint/2?sessionId=a")).toBeUndefined();
    table.forget(recorder);
    expect(table.sessionFor(target!)).toBeUndefined();
  });

  it("leaves an endpoint on another origin alone and says its messages are not recorded", () => {
    const { table, errors } = endpoints("http://localhost:3001/sse");
    const announced = table.announce(
      "http://elsewhere:9000/message",
      new URL("http://localhost:3001/sse"),
      "/",
      recorder,
    );
    expect(announced).toEqual({ path: "/message" });
    expect(errors).toEqual([
      "session sse-1: the endpoint event names another origin than the upstream; the client's messages to it bypass the proxy and are not recorded",
    ]);
  });
});
