/** The README's example prints what the README shows (see @mcp-conf/testing's examples.ts). */
import { join } from "node:path";
import { expectReadmeExampleToPrintItsOutput } from "@mcp-conf/testing";
import { it } from "vitest";

it("the README's example prints what the README shows", () => {
  expectReadmeExampleToPrintItsOutput(join(import.meta.dirname, ".."));
});
