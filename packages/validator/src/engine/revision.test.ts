import { describe, expect, it } from "vitest";
import { knownRevisions } from "../registry/index.js";
import { RevisionError } from "./errors.js";
import { chooseRevision, latestRevision, opensWithInitialize } from "./revision.js";

const known = ["2025-11-25", "2026-07-28"];

describe("chooseRevision", () => {
  it("takes --revision over anything the trace declares", () => {
    const facts = { negotiatedVersion: "2025-11-25" };
    expect(chooseRevision({ override: "2026-07-28", facts, known })).toEqual({
      revision: "2026-07-28",
      source: "option",
    });
  });

  it("refuses an unknown --revision with a RevisionError naming the known ones", () => {
    expect(() => chooseRevision({ override: "1999-01-01", known })).toThrow(
      'unknown revision "1999-01-01" (known: 2025-11-25, 2026-07-28)',
    );
  });

  it("judges a legacy session at its negotiated initialize version", () => {
    const facts = { requestedVersion: "2026-07-28", negotiatedVersion: "2025-11-25" };
    expect(chooseRevision({ facts, known })).toEqual({ revision: "2025-11-25", source: "initialize" });
  });

  it("judges a modern session at the _meta version of its first answered request", () => {
    const facts = { statelessVersion: "2099-01-01", answeredStatelessVersion: "2026-07-28" };
    expect(chooseRevision({ facts, known })).toEqual({ revision: "2026-07-28", source: "request-meta" });
  });

  it("judges a dual-era client that fell back to initialize at the negotiated version", () => {
    const facts = { statelessVersion: "2026-07-28", negotiatedVersion: "2025-11-25" };
    expect(chooseRevision({ facts, known })?.revision).toBe("2025-11-25");
  });

  it("waits while a _meta version is declared but no request was answered yet", () => {
    expect(chooseRevision({ facts: { statelessVersion: "2026-07-28", headerVersion: "2026-07-28" }, known })).toBe(
      undefined,
    );
  });

  it("at the end, settles for the first declared _meta version, else the MCP-Protocol-Version header", () => {
    expect(chooseRevision({ facts: { statelessVersion: "2026-07-28" }, final: true, known })).toEqual({
      revision: "2026-07-28",
      source: "request-meta",
    });
    expect(chooseRevision({ facts: { headerVersion: "2026-07-28" }, final: true, known })).toEqual({
      revision: "2026-07-28",
      source: "protocol-version-header",
    });
  });

  it("at the end, with no version anywhere, throws an undeclared RevisionError", () => {
    expect(() => chooseRevision({ facts: {}, final: true, known })).toThrow(RevisionError);
    expect(() => chooseRevision({ facts: {}, final: true, known })).toThrow(/declares no protocol version/);
  });

  it("judges a server's answer that is no published revision at the version the client asked for, saying so", () => {
    for (const answered of ["1.0", "2099-01-01"]) {
      const facts = { requestedVersion: "2025-11-25", negotiatedVersion: answered };
      expect(chooseRevision({ facts, known })).toEqual({
        revision: "2025-11-25",
        source: "initialize-request",
        note: `the server answered protocol version "${answered}", which is no published revision: judged at 2025-11-25, the version the client asked for`,
      });
    }
  });

  it("lets --revision override the client's requested version when the answer is unpublished", () => {
    const facts = { requestedVersion: "2025-11-25", negotiatedVersion: "1.0" };
    expect(chooseRevision({ override: "2026-07-28", facts, known })).toEqual({
      revision: "2026-07-28",
      source: "option",
    });
  });

  it("refuses a declared version it does not know when the client asked for none it knows either", () => {
    expect(() => chooseRevision({ facts: { negotiatedVersion: "2030-01-01" }, known })).toThrow(
      /declares protocol version "2030-01-01", which this validator does not know/,
    );
    const facts = { requestedVersion: "2030-01-01", negotiatedVersion: "2030-01-01" };
    expect(() => chooseRevision({ facts, known })).toThrow(RevisionError);
    // A modern session's answered `_meta` version has no requested version to fall back on.
    expect(() => chooseRevision({ facts: { answeredStatelessVersion: "2099-01-01" }, known })).toThrow(RevisionError);
  });

  it("names the newest bundled revision as the latest", () => {
    expect(latestRevision()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("opensWithInitialize", () => {
  it("holds for the initialize-era revisions, not for 2026-07-28 nor an unknown one", () => {
    expect(knownRevisions().filter(opensWithInitialize)).toEqual([
      "2024-11-05",
      "2025-03-26",
      "2025-06-18",
      "2025-11-25",
    ]);
    expect(opensWithInitialize("2026-07-28")).toBe(false);
    expect(opensWithInitialize("1999-01-01")).toBe(false);
  });
});
