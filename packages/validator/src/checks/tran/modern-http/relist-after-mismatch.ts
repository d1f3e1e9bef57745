/**
 * shttp.tools-relisted-after-mismatch — a client whose tools/call the server refused as a HeaderMismatch over its
 * Mcp-Param headers lists the tools again before it retries that call (2026-07-28): the tool's inputSchema, and so
 * which arguments it mirrors, may have changed. A retry is a tools/call of the same tool with the same arguments; a
 * refusal over the version or standard headers is not about the schema and asks nothing of the kind.
 */
import { canonicalJson, isPlainObject } from "@mcp-conf/trace-format";
import { quote } from "../../support/detail.js";
import { HEADER_MISMATCH } from "../../support/modern.js";
import { errorCodeOf } from "../../support/readers.js";
import { routedCheck } from "../../support/routed-check.js";

const NOT_PARAM = new Set(["version-missing", "version-mismatch", "standard-missing", "standard-mismatch"]);
const MAX_TRACKED = 4096;

/** The call a tools/call request makes: its tool and its arguments, as one key. */
const callOf = (message: { params?: unknown }) => {
  const params = isPlainObject(message.params) ? message.params : {};
  if (typeof params.name !== "string") return undefined;
  return { tool: params.name, key: canonicalJson([params.name, params.arguments ?? null]) };
};

export const toolsRelistedAfterMismatch = routedCheck(
  "shttp.tools-relisted-after-mismatch",
  "After a HeaderMismatch refusal of a tools/call over its Mcp-Param headers, the client lists tools before it retries the call.",
  () => {
    /** Calls refused over their Mcp-Param headers, tools not listed since: call key → seq of the refusal. */
    const refused = new Map<string, number>();
    return {
      answered(_ctx, answer) {
        const { request } = answer;
        if (request.message.method !== "tools/call" || errorCodeOf(answer.ref) !== HEADER_MISMATCH) return;
        if (request.problems.some((p) => NOT_PARAM.has(p.kind))) return;
        const call = callOf(request.message);
        if (call !== undefined && refused.size < MAX_TRACKED) refused.set(call.key, answer.seq);
      },
      settled(ctx, request) {
        if (request.message.method === "tools/list") {
          if (refused.size > 0) ctx.examined();
          refused.clear();
          return;
        }
        const call = request.message.method === "tools/call" ? callOf(request.message) : undefined;
        const at = call === undefined ? undefined : refused.get(call.key);
        if (at === undefined) return;
        refused.delete(call!.key);
        ctx.examined();
        ctx.report(
          request.seq,
          `the client retried its ${quote(call!.tool)} call without listing tools after the server refused its Mcp-Param headers at seq ${at}`,
        );
      },
    };
  },
);
