/**
 * `export -T text` is a transcript a terminal can show safely: a hostile payload's escapes, bidi override and NUL
 * come out as visible `\u{…}` text; and the transcript shows each call's status and each finding under the entry it
 * points at, with its spec sentence.
 */
import { describe, expect, it } from "vitest";
import { collectSession, renderText } from "../src/index.js";
import { hostileSession, loadCorpus } from "./support.js";

/** Any C0 control but newline, DEL, C1 controls, and the bidi and zero-width characters escapeTerminal names. */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

describe("the text export", () => {
  it("prints a hostile session with no control, bidi or zero-width character", async () => {
    const { document } = await collectSession(hostileSession());
    const text = renderText(document);
    expect(text).not.toMatch(UNSAFE);
    expect(text).toContain("\\u{1b}[31mRED");
    expect(text).toContain("\\u{202e}evil");
    expect(text).toMatch(/tools\/call .*· tool-error/);
  });

  it("shows each finding under the exchange it points at, with the spec sentence and its link", async () => {
    const { document } = await collectSession(loadCorpus("violations/tool-006-name-charset.jsonl"), {
      contextCost: false,
    });
    const lines = renderText(document).split("\n");
    const list = lines.findIndex((line) => /→ tools\/list · ok/.test(line));
    const finding = lines.findIndex((line) => line.includes("WARN TOOL-006 (SHOULD)"));
    expect(list).toBeGreaterThan(0);
    expect(finding).toBeGreaterThan(list);
    expect(lines.slice(list + 1, finding).every((line) => line.startsWith("          "))).toBe(true);
    expect(lines[finding + 1]).toContain('spec: "The following SHOULD be the only allowed characters');
    expect(lines[finding + 2]).toContain(
      "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names",
    );
    expect(lines[3]).toBe("verdict pass-with-warnings at 2025-11-25 · 0 fail, 1 warn, 25 pass");
  });

  it("lists per-method statistics and the context cost of a real session", async () => {
    const { document } = await collectSession(loadCorpus("real/everything-stdio.jsonl"));
    const text = renderText(document);
    expect(text).toMatch(/^ {2}tools\/call +10 +9 +0 +1 /m);
    expect(text).toContain(
      `context cost, counted with ${document.analysis.contextCost!.tokenizer}: ${document.analysis.contextCost!.total} tokens`,
    );
    expect(text).toContain("observation losses: none");
  });
});
