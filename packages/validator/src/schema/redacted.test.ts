import { redactionPlaceholder } from "@mcp-conf/trace-format";
import { describe, expect, it } from "vitest";
import { compileSchema } from "../checks/tool/json-schema.js";
import { schemaFor } from "./index.js";

const call = (args: unknown) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "echo", arguments: args },
});

describe("schema validation of redacted values", () => {
  const schema = schemaFor("2025-11-25")!;

  it("does not judge a placeholder redaction put where the schema wants an object", () => {
    expect(schema.validate("CallToolRequest", call(redactionPlaceholder("key:arguments")))).toEqual([]);
  });

  it("still judges the same value when it is not a placeholder", () => {
    expect(schema.validate("CallToolRequest", call("[not-redacted]"))).toEqual(["/params/arguments: must be object"]);
  });

  it("does the same for a tool's own input schema", () => {
    const compiled = compileSchema({ type: "object", properties: { port: { type: "integer" } } });
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.validate({ port: redactionPlaceholder("path:$..port") })).toEqual([]);
    expect(compiled.validate({ port: "8080" })).toEqual(["/port: must be integer"]);
  });
});
