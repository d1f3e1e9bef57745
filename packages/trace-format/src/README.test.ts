import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("the package README", () => {
  afterEach(() => vi.restoreAllMocks());

  it("has an example that runs and prints what its comment says", async () => {
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const lines = block!.trimEnd().split("\n");
    const printsAt = lines.indexOf("// prints:");
    expect(printsAt).toBeGreaterThan(0);
    const expected = lines.slice(printsAt + 1).map((line) => line.replace(/^\/\/ /, ""));

    // The block imports "@mcp-conf/trace-format" by name: written beside the package it resolves to the build.
    const file = new URL(`../test/readme-example-${process.pid}.tmp.ts`, import.meta.url);
    mkdirSync(new URL("../test/", import.meta.url), { recursive: true });
    writeFileSync(file, block!);
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
    try {
      await import(file.href);
    } finally {
      rmSync(file, { force: true });
    }
    expect(printed).toEqual(expected);
  });
});
