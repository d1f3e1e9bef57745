import type { TraceBuilder } from "@mcp-conf/testing";
import { describe, expect, it } from "vitest";
import { findingLines, outcomeOf, reportOf } from "../../../test/support/judge.js";
import { discovered, modernMeta, SERVER_META } from "../../../test/support/modern.js";

const meta = modernMeta;
const FORM = {
  method: "elicitation/create",
  params: {
    mode: "form",
    message: "Which units?",
    requestedSchema: { type: "object", properties: { units: { type: "string" } }, required: ["units"] },
  },
};

/** A 2026 session: discover, then a tools/call answered by an InputRequiredResult holding `inputs`. */
function session(capabilities: Record<string, unknown>, inputs: Record<string, unknown>): TraceBuilder {
  const s = discovered(capabilities);
  const call = { name: "get_weather", arguments: { city: "Oslo" } };
  s.client({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: meta(capabilities), ...call } });
  s.server({
    jsonrpc: "2.0",
    id: 1,
    result: { resultType: "input_required", _meta: SERVER_META, inputRequests: inputs },
  });
  return s;
}

/** The client's retry of that call with these input responses, and the final result. */
function retry(
  s: TraceBuilder,
  capabilities: Record<string, unknown>,
  responses: Record<string, unknown>,
): TraceBuilder {
  const call = { name: "get_weather", arguments: { city: "Oslo" }, inputResponses: responses };
  s.client({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { _meta: meta(capabilities), ...call } });
  return s.server({
    jsonrpc: "2.0",
    id: 2,
    result: { resultType: "complete", _meta: SERVER_META, content: [{ type: "text", text: "18°C" }] },
  });
}

describe("viaInputRequests: the request checks of elicitation, sampling and roots judge 2026 input requests", () => {
  it("judges an input request as the server's request, at the InputRequiredResult", () => {
    const inputs = { key: { ...FORM, params: { ...FORM.params, message: "See https://example.com/units" } } };
    const s = session({ elicitation: { form: {} } }, inputs);
    const at = s.last;
    const report = reportOf(
      retry(s, { elicitation: { form: {} } }, { key: { action: "accept", content: { units: "c" } } }),
    );
    expect(findingLines(report, "elic.form-without-urls")).toEqual([
      `${at}: form-mode elicitation carries a URL in params.message: "See https://example.com/units"`,
    ]);
    expect(report.requirements.find((r) => r.id === "ELIC-041")?.findings?.[0]?.owner).toBe("server");
  });

  it("judges the retry's input response as the client's answer, at the retry", () => {
    const s = session({ elicitation: { form: {} } }, { key: FORM });
    retry(s, { elicitation: { form: {} } }, { key: { action: "decline", content: { units: "c" } } });
    const at = s.last - 1;
    const report = reportOf(s);
    const lines = findingLines(report, "elic.content-only-with-accept");
    expect(lines).toEqual([`${at}: elicitation result with action "decline" in mode "form" carries content`]);
    expect(report.requirements.find((r) => r.id === "ELIC-061")?.findings?.[0]?.owner).toBe("client");
  });

  it("reads the client's capabilities from the request that drew the input request, not the session's", () => {
    const url = {
      method: "elicitation/create",
      params: { mode: "url", message: "Sign in", url: "https://x.example/" },
    };
    const s = session({ elicitation: { form: {} } }, { key: url });
    const at = s.last;
    // A later request declaring URL mode does not make the earlier input request declared.
    const report = reportOf(retry(s, { elicitation: { form: {}, url: {} } }, { key: { action: "accept" } }));
    expect(findingLines(report, "elic.mode-declared")).toEqual([
      `${at}: elicitation/create uses mode "url", but the client declared only "form"`,
    ]);
  });

  it("passes well-formed rounds and leaves an input request without a retry unanswered, not answered", () => {
    const roots = { method: "roots/list", params: {} };
    const done = retry(session({ roots: {} }, { r: roots }), { roots: {} }, { r: { roots: [{ uri: "file:///p" }] } });
    expect(outcomeOf(reportOf(done), "ROOT-003")).toBe("pass");
    const open = session({ roots: {} }, { r: roots });
    expect(outcomeOf(reportOf(open), "ROOT-003")).toBe("not-observed");
  });

  it("fails a root the client answered that is no file:// URI", () => {
    const s = session({ roots: {} }, { r: { method: "roots/list", params: {} } });
    retry(s, { roots: {} }, { r: { roots: [{ uri: "https://example.com/p" }] } });
    const at = s.last - 1;
    expect(findingLines(reportOf(s), "root.uri-file-scheme")).toEqual([
      `${at}: root URI "https://example.com/p" is not a file:// URI`,
    ]);
  });

  it("fails a client that serves a tool-enabled sampling input request its request did not declare sampling.tools for", () => {
    const tools = [{ name: "lookup", inputSchema: { type: "object" } }];
    const ask = { messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 10, tools };
    const served = { role: "assistant", content: { type: "text", text: "Hello" }, model: "m", stopReason: "endTurn" };
    const judge = (capabilities: Record<string, unknown>, answer: boolean) => {
      const s = session(capabilities, { gen: { method: "sampling/createMessage", params: ask } });
      retry(s, capabilities, answer ? { gen: served } : {});
      return reportOf(s);
    };
    const undeclared = judge({ sampling: {} }, true);
    expect(findingLines(undeclared, "samp.undeclared-tools-rejected")).toEqual([
      "5: the client's retry answers a tool-enabled sampling/createMessage input request with a CreateMessageResult though the request that drew it did not declare sampling.tools; it must refuse it, not serve it",
    ]);
    expect(undeclared.requirements.find((r) => r.id === "SAMP-005")?.findings?.[0]?.owner).toBe("client");
    // Left unanswered (the client refused it), or declared: nothing to report.
    expect(findingLines(judge({ sampling: {} }, false), "samp.undeclared-tools-rejected")).toEqual([]);
    expect(findingLines(judge({ sampling: { tools: {} } }, true), "samp.undeclared-tools-rejected")).toEqual([]);
  });
});
