/** The README's example prints what the README shows (see test/support/readme-example.ts). */
import { join } from "node:path";
import { it } from "vitest";
import { expectReadmeExampleToPrintItsOutput } from "../../../test/support/readme-example.js";

it("the README's example prints what the README shows", () => {
  expectReadmeExampleToPrintItsOutput(join(import.meta.dirname, ".."));
});
