/**
 * The verdict span serve sends on: an INTERNAL span in the session's trace whose findings are the
 * `mcp_conformance.finding` events every mcp-conf exporter writes, with the clause's spec URL and a detail whose
 * URIs are cut to their path (a presigned URL's credential never leaves through it).
 */
import { encodeOtlpJson } from "@mcp-conf/otel-mapper";
import { strictOtlpProblems } from "@mcp-conf/testing";
import { loadRegistry } from "@mcp-conf/validator";
import { expect, it } from "vitest";
import { type SessionVerdict, verdictSpan } from "../src/index.js";

const verdict: SessionVerdict = {
  session: "gw-1-abc",
  instance: "serve-a",
  complete: true,
  reason: "closed",
  events: 12,
  missing: 0,
  revision: "2025-11-25",
  verdict: "fail",
  findings: [
    {
      requirement: "BASE-006",
      outcome: "fail",
      level: "MUST",
      check: "some-check",
      detail: 'answer to id "never-sent" read "https://bucket.example/x?X-Amz-Signature=s3cr3t"',
      seq: 7,
    },
  ],
  judgedAt: "2026-12-05T01:00:00.000Z",
};

it("carries each finding as an mcp_conformance.finding event, scrubbed, with its clause's spec URL", () => {
  const span = verdictSpan(verdict);
  expect(span.kind).toBe("internal");
  expect(span.status).toEqual({ code: "error", message: "the session failed its clauses" });
  expect(span.events).toHaveLength(1);
  const [event] = span.events;
  expect(event!.name).toBe("mcp_conformance.finding");
  const url = loadRegistry("2025-11-25").requirements.find((r) => r.id === "BASE-006")!.source.url;
  expect(event!.attributes).toMatchObject({
    "mcp_conformance.requirement.id": "BASE-006",
    "mcp_conformance.outcome": "fail",
    "mcp_conformance.spec.url": url,
    "mcp_conformance.trace.seq": 7,
  });
  expect(String(event!.attributes["mcp_conformance.detail"])).not.toContain("s3cr3t");
  const body = JSON.parse(encodeOtlpJson([span], { serviceName: "mcp-conf-serve" }));
  expect(strictOtlpProblems(body, "traces")).toEqual([]);
  expect(body.resourceSpans[0].scopeSpans[0].spans[0].kind).toBe(1);
});
