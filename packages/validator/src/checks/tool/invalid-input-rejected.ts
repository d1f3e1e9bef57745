/**
 * "Servers MUST: Validate all tool inputs": a tools/call whose arguments break the tool's own inputSchema must not
 * succeed — it is answered with a JSON-RPC error or a result flagged `isError: true`. Only calls whose arguments
 * are shown invalid are subjects: a valid call says nothing about whether the server validates.
 */
import { isPlainObject } from "@mcp-conf/trace-format";
import { quote } from "../support/detail.js";
import { toolCallCheck } from "../support/tool-catalog.js";
import { compileSchema } from "./json-schema.js";

export const toolInvalidInputRejected = toolCallCheck(
  "tool.invalid-input-rejected",
  "A tools/call whose arguments do not match the tool's inputSchema is answered with an error.",
  (ctx, answer, tool) => {
    const inputSchema = tool?.inputSchema;
    if (!isPlainObject(inputSchema)) return;
    const args = answer.params.arguments ?? {};
    const compiled = compileSchema(inputSchema);
    if (!compiled.ok) return;
    const errors = compiled.validate(args);
    if (errors.length === 0) return;
    ctx.examined();
    if (answer.isError || answer.result?.isError === true) return;
    ctx.report(
      answer.response.seq,
      `tools/call ${quote(String(answer.params.name))} with arguments that break its inputSchema (${errors.join("; ")}) was answered with a successful result`,
    );
  },
);
