/**
 * The server-feature checks against hostile servers: random JSON wherever they look (tool lists, schemas, results,
 * content blocks, cursors, log levels) must give a report, never a throw.
 */

import { S2C, TraceBuilder } from "@mcp-conf/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reportOf } from "../../../test/support/judge.js";

const json = fc.jsonValue({ maxDepth: 6 });
const schemaLike = fc.oneof(
  json,
  fc.record(
    { type: fc.constant("object"), properties: fc.dictionary(fc.string(), json), pattern: fc.string() },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    $ref: fc.string(),
    $schema: fc.oneof(fc.string(), fc.constant("http://json-schema.org/draft-07/schema#")),
  }),
);
const block = fc.oneof(
  json,
  fc.record({
    type: fc.constantFrom("text", "image", "audio", "resource", "resource_link"),
    text: json,
    data: json,
    mimeType: json,
    uri: json,
    resource: json,
  }),
);
const tool = fc.record({ name: fc.oneof(fc.string(), json), inputSchema: schemaLike, outputSchema: schemaLike });

describe("server-feature checks on hostile input", () => {
  it("judge random tool lists, calls, prompts, resources, cursors and logs without throwing", () => {
    fc.assert(
      fc.property(
        fc.array(tool, { maxLength: 4 }),
        fc.option(fc.string(), { nil: undefined }),
        fc.array(block, { maxLength: 4 }),
        json,
        json,
        json,
        (tools, cursor, content, structured, args, level) => {
          const s = new TraceBuilder().open().handshake({
            server: {
              tools: { listChanged: true },
              resources: {},
              prompts: {},
              logging: {},
              completions: {},
            },
          });
          s.ask("tools/list", cursor === undefined ? undefined : { cursor }).answer({ tools, nextCursor: cursor });
          s.ask("tools/list", { cursor: cursor ?? 7 }).answer({ tools: tools.slice(1) });
          for (const t of tools) {
            s.ask("tools/call", { name: t.name, arguments: args }).answer({
              content,
              structuredContent: structured,
              isError: level,
            });
          }
          s.ask("resources/read", { uri: "x:y" }).answer({ contents: content });
          s.ask("prompts/list").answer({ prompts: tools });
          s.ask("prompts/get", { name: cursor ?? "p", arguments: args }).answer({
            messages: content.map((c) => ({ role: "user", content: c })),
          });
          s.ask("completion/complete", { ref: { type: "ref/prompt", name: cursor }, argument: args }).answer({
            completion: { values: content },
          });
          s.ask("logging/setLevel", { level }).answer({});
          s.notify("notifications/message", { level, data: structured }, S2C);
          s.notify("notifications/resources/updated", { uri: level }, S2C);
          expect(reportOf(s).requirements.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
