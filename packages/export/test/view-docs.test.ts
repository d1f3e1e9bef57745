/**
 * docs/view.md lists every key the viewer answers and every token of its filter language — read off the same tables
 * the page's `?` help is built from, so a key or token added to the viewer fails here until the manual has it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HUB_KEYS, VIEWER_KEYS } from "../page/keys.js";
import { FILTER_DIRECTIONS, FILTER_KEYS, FILTER_KINDS, FILTER_STATUSES } from "../src/filter.js";

const manual = readFileSync(new URL("../../../docs/view.md", import.meta.url), "utf8");

describe("docs/view.md", () => {
  it("lists every key", () => {
    for (const [key] of [...VIEWER_KEYS, ...HUB_KEYS]) {
      for (const part of key.split(" / ")) expect(manual).toContain(`\`${part}\``);
    }
  });

  it("lists every token", () => {
    for (const key of FILTER_KEYS) expect(manual).toMatch(new RegExp(`\`${key}:`));
    for (const direction of Object.keys(FILTER_DIRECTIONS)) expect(manual).toContain(`\`dir:${direction}\``);
    for (const kind of Object.keys(FILTER_KINDS))
      expect(manual).toContain(`| \`kind:${kind}\` | ${FILTER_KINDS[kind]} |`);
    for (const status of Object.keys(FILTER_STATUSES)) {
      expect(manual).toContain(
        `| \`status:${status}\` | ${FILTER_STATUSES[status]!.replace("isError", "`isError`")} |`,
      );
    }
  });
});
