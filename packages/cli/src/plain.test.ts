import { describe, expect, it } from "vitest";
import type { Options } from "yargs";
import type { PlainForm } from "./commands/command.js";
import { parsePlain } from "./plain.js";

const OPTIONS = {
  format: { alias: "f", type: "string", default: "text" },
  strict: { type: "boolean", default: false },
  jobs: { type: "number" },
  tool: { type: "string", array: true },
} as const satisfies Record<string, Options>;
const FORM: PlainForm = { positional: "trace", required: true, options: OPTIONS };

describe("the plain reading of a command line", () => {
  it("reads positionals anywhere, every option form, and fills the defaults", () => {
    expect(
      parsePlain(["a", "-f", "json", "b", "--strict", "--jobs=3", "--tool", "x", "--tool=y", "-", "--tool", "z"], FORM),
    ).toEqual({
      trace: ["a", "b", "-"],
      format: "json",
      strict: true,
      jobs: 3,
      tool: ["x", "y", "z"],
    });
    expect(parsePlain(["a"], FORM)).toEqual({ trace: ["a"], format: "text", strict: false });
  });

  it.each([
    ["no positional where one is required", []],
    ["an unknown option", ["a", "--colour"]],
    ["an unknown alias", ["a", "-x", "1"]],
    ["a negated flag", ["a", "--no-strict"]],
    ["a flag with a value", ["a", "--strict=false"]],
    ["a repeated single-valued option", ["a", "-f", "json", "--format", "text"]],
    ["an option without its value", ["a", "--format"]],
    ["a value that looks like an option", ["a", "--format", "--strict"]],
    ["a number that is not a whole number", ["a", "--jobs", "1.5"]],
    ["joined short options", ["a", "-fjson"]],
    ["an array option followed by a positional (yargs gives it to the option)", ["--tool", "x", "a"]],
    ["the end of options", ["--", "a"]],
    ["an empty word", ["a", ""]],
    ["help", ["a", "--help"]],
  ])("leaves %s to yargs", (_, words) => {
    expect(parsePlain(words, FORM)).toBeUndefined();
  });
});
