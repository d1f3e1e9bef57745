import type { SessionFacts } from "@mcp-conf/session";
import { describe, expect, it } from "vitest";
import { declaredModes } from "./elicitation-modes.js";
import { contentProblem } from "./elicitation-results.js";

const facts = (elicitation: unknown): SessionFacts =>
  elicitation === undefined ? { clientCapabilities: {} } : { clientCapabilities: { elicitation } };

describe("declared elicitation modes", () => {
  it("reads an empty declaration as form mode only, for backwards compatibility", () => {
    expect([...(declaredModes(facts({})) ?? [])]).toEqual(["form"]);
  });
  it("reads a declaration naming only url as url mode only", () => {
    expect([...(declaredModes(facts({ url: {} })) ?? [])]).toEqual(["url"]);
  });
  it("reads no declaration as no mode at all", () => {
    expect(declaredModes(facts(undefined))).toBeUndefined();
  });
});

describe("accepted content against the requested schema", () => {
  const schema = {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2 },
      age: { type: "integer", minimum: 18 },
      colour: { type: "string", oneOf: [{ const: "#f00", title: "Red" }] },
      tags: { type: "array", items: { enum: ["a", "b"] }, maxItems: 1 },
      agree: { type: "boolean" },
    },
    required: ["name"],
  };
  it("accepts content that fits", () => {
    expect(contentProblem(schema, { name: "Ada", age: 36, colour: "#f00", tags: ["a"], agree: true })).toBeUndefined();
  });
  it.each([
    [{}, 'required field "name" is missing'],
    [{ name: "Ada", age: 17 }, 'field "age" must be at least 18, got 17'],
    [{ name: "Ada", age: 18.5 }, 'field "age" must be an integer, got 18.5'],
    [{ name: "Ada", colour: "#0f0" }, 'field "colour" must be one of ["#f00"], got "#0f0"'],
    [{ name: "Ada", tags: ["a", "b"] }, 'field "tags" must hold at most 1 items, got ["a","b"]'],
    [{ name: "Ada", extra: 1 }, 'field "extra" is not in the requested schema'],
    [["Ada"], "content must be an object"],
  ])("explains content that does not fit: %j", (content, problem) => {
    expect(contentProblem(schema, content)).toBe(problem);
  });
  it("does not judge against a schema it cannot read", () => {
    expect(contentProblem(null, { anything: 1 })).toBeUndefined();
  });
});
