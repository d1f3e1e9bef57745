import { describe, expect, it } from "vitest";
import { perSessionTemplate, sessionFiles } from "./session-files.js";

describe("sessionFiles", () => {
  it("gives every session its own file when the template names the session", () => {
    const opened: string[] = [];
    const fileFor = sessionFiles("/t/{session}.jsonl", (template, session) => {
      opened.push(`${template} ${session}`);
      return session;
    });
    expect(opened).toEqual([]); // nothing to open before a session is seen
    expect([fileFor("a"), fileFor("b")]).toEqual(["a", "b"]);
    expect(opened).toEqual(["/t/{session}.jsonl a", "/t/{session}.jsonl b"]);
  });

  it("opens FILE at once for the first session, and FILE.<session> for each later one", () => {
    const opened: string[] = [];
    const fileFor = sessionFiles("/t/trace.jsonl", (template, session) => {
      opened.push(`${template} ${session}`);
      return opened.length;
    });
    expect(opened).toEqual(["/t/trace.jsonl "]);
    expect([fileFor("first"), fileFor("second"), fileFor("third")]).toEqual([1, 2, 3]);
    expect(opened.slice(1)).toEqual(["/t/trace.{session}.jsonl second", "/t/trace.{session}.jsonl third"]);
  });

  it("puts .{session} before the extension", () => {
    expect(perSessionTemplate("/a/trace.jsonl")).toBe("/a/trace.{session}.jsonl");
    expect(perSessionTemplate("/a/trace")).toBe("/a/trace.{session}");
    expect(perSessionTemplate("/a/t.x.jsonl")).toBe("/a/t.x.{session}.jsonl");
  });
});
