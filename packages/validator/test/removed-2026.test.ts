/**
 * What 2026-07-28 removed (changelog.mdx: `ping` removed; tasks moved out of the core protocol into the
 * `io.modelcontextprotocol/tasks` extension) has no area in its registry, and no clause says a peer must not send
 * those methods; a request for one is judged as any method the server does not implement: answered -32601, and over
 * streamable HTTP with 404 (TRAN-073); a result still has the 2026 shape (BASE-038: resultType).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../src/engine/judge.js";
import { loadRegistry } from "../src/registry/index.js";
import { repoRoot } from "./registry-sources.js";
import { discovered, modernHttpSession, modernMeta } from "./support/modern.js";

const REVISION = "2026-07-28";
const complaints = (events: Parameters<typeof validate>[0]) =>
  validate(events, { revision: REVISION })
    .requirements.filter((row) => row.outcome === "fail" || row.outcome === "warn")
    .map((row) => row.id);
const notFound = { error: { code: -32601, message: "Method not found" } };

describe("ping and tasks at 2026-07-28", () => {
  it("are gone from the changelog and from the registry: no PING or TASK area, no clause naming ping or tasks/*", () => {
    const changelog = readFileSync(join(repoRoot(), "spec", REVISION, "changelog.mdx"), "utf8");
    expect(changelog).toContain("Remove `ping`");
    expect(changelog).toContain("Move experimental tasks out of the core protocol and into an official extension");
    const requirements = loadRegistry(REVISION).requirements;
    expect(requirements.filter((r) => /^(PING|TASK)-/.test(r.id))).toEqual([]);
    expect(requirements.filter((r) => /\bping\b|tasks\//.test(r.source.quote)).map((r) => r.id)).toEqual([]);
    expect(loadRegistry("2025-11-25").requirements.some((r) => r.id.startsWith("PING-"))).toBe(true);
  });

  it("pass when the server answers them -32601 on stdio", () => {
    const s = discovered({});
    for (const [id, method] of [
      [1, "ping"],
      [2, "tasks/get"],
      [3, "tasks/list"],
    ] as const) {
      s.client({
        jsonrpc: "2.0",
        id,
        method,
        params: { _meta: modernMeta({}), ...(method === "ping" ? {} : { taskId: "t1" }) },
      });
      s.server({ jsonrpc: "2.0", id, ...notFound });
    }
    expect(complaints(s.close().events)).toEqual([]);
  });

  it("over streamable HTTP want 404 with the -32601 (TRAN-073), as any method the server does not implement", () => {
    const with404 = modernHttpSession([{ id: 1, method: "ping", status: 404, answer: notFound }]);
    const with400 = modernHttpSession([
      { id: 1, method: "tasks/get", params: { taskId: "t1" }, status: 400, answer: notFound },
    ]);
    expect(complaints(with404)).toEqual([]);
    expect(complaints(with400)).toEqual(["TRAN-073"]);
  });

  it("answered the 2025 way (an empty result) fail only what every 2026 result must carry", () => {
    const s = discovered({});
    s.client({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: modernMeta({}) } });
    s.server({ jsonrpc: "2.0", id: 1, result: {} });
    expect(complaints(s.close().events)).toEqual(["BASE-038", "BASE-049"]);
  });
});
