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
    expect(cost.tools.items).toEqual(expected);
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
    expect(cost.tools.items).toEqual([{ name: "echo", tokens: countTokens(JSON.stringify(tool)) }]);
    expect(cost.total).toBe(cost.tools.total);
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
