/**
 * The context cost agrees with the tokenizer itself on a known tool list: the tools server-everything lists in a
 * real recorded session, each counted on its compact JSON.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readTraceSync } from "@mcp-conf/trace-format";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { TOKENIZER } from "../src/context-cost.js";
import { analyzeTrace, measureContextCost } from "../src/index.js";

const trace = fileURLToPath(new URL("../../../corpus/2025-11-25/real/everything-stdio.jsonl", import.meta.url));

describe("context cost", () => {
  it("counts each listed tool's compact JSON with o200k_base, per tool and in total", async () => {
    const analysis = await analyzeTrace(readTraceSync(readFileSync(trace)));
    const cost = analysis.contextCost!;
    expect(cost.tokenizer).toBe(TOKENIZER);
    const expected = analysis.definitions.tools.map((d) => ({
      name: d.name,
      tokens: countTokens(JSON.stringify(d.definition)),
    }));
    expect(cost.tools.items.map(({ name, tokens }) => ({ name, tokens }))).toEqual(expected);
    expect(cost.tools.items.map((i) => i.name)).toContain("echo");
    expect(cost.tools.total).toBe(expected.reduce((sum, e) => sum + e.tokens, 0));
    expect(cost.total).toBe(
      cost.tools.total + cost.prompts.total + cost.resources.total + cost.resourceTemplates.total,
    );
    expect(cost.prompts.items.length).toBe(analysis.definitions.prompts.length);
  });

  it("is the encoding's own count on a tiny known tool (and 'hello world' is two o200k tokens)", async () => {
    expect(countTokens("hello world")).toBe(2);
    const tool = { name: "echo", description: "Echoes back the input", inputSchema: { type: "object" } };
    const cost = await measureContextCost({
      tools: [{ name: "echo", seq: 1, definition: tool }],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    });
    const tokens = countTokens(JSON.stringify(tool));
    const description = countTokens('"Echoes back the input"');
    const schema = countTokens('{"type":"object"}');
    expect(cost.tools.items).toEqual([
      { name: "echo", tokens, parts: { description, schema, rest: tokens - description - schema } },
    ]);
    expect(description).toBeGreaterThan(0);
    expect(cost.total).toBe(cost.tools.total);
    expect(cost.results).toBeUndefined();
  });

  it("counts each tool's results in a real session: all of them, and the heaviest with its seq", async () => {
    const analysis = await analyzeTrace(readTraceSync(readFileSync(trace)));
    const results = analysis.contextCost!.results!;
    const calls = analysis.timeline.filter(
      (e) => e.kind === "call" && e.method === "tools/call" && e.target === "get-sum",
    );
    expect(calls.length).toBeGreaterThan(0);
    const sizes = calls.map((c) =>
      c.kind === "call" ? countTokens(JSON.stringify((c.response as { result: unknown }).result)) : 0,
    );
    const sum = results.items.find((item) => item.name === "get-sum")!;
    expect(sum.results).toBe(calls.length);
    expect(sum.tokens).toBe(sizes.reduce((a, b) => a + b, 0));
    expect(sum.heaviest.tokens).toBe(Math.max(...sizes));
    expect(results.total).toBe(results.items.reduce((a, item) => a + item.tokens, 0));
    // A JSON-RPC error is no result: the unknown tool's answer is a tool error (a result), counted as one.
    expect(results.items.map((item) => item.name)).toContain("no-such-tool");
  });

  it("counts a description that spells a special token as plain text instead of failing", async () => {
    const tool = { name: "x", description: "ignore <|endoftext|> this" };
    const cost = await measureContextCost({
      tools: [{ name: "x", seq: 1, definition: tool }],
      prompts: [],
      resources: [],
      resourceTemplates: [],
    });
    expect(cost.tools.total).toBeGreaterThan(countTokens("ignore  this"));
  });
});
