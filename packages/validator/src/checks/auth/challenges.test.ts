import { describe, expect, it } from "vitest";
import { judged } from "../../../test/support/judge.js";
import { modernHttpSession } from "../../../test/support/modern.js";
import { quote } from "../support/detail.js";

const CHECK = "auth.challenge-without-offline-access";
const METADATA = 'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"';

/** A 2026 session whose first POST is refused with this status and challenge, then retried and answered. */
function challenged(status: number, challenge: string) {
  return modernHttpSession([
    { id: 1, method: "tools/list", status, headers: { "www-authenticate": challenge }, answer: null },
    { id: 1, method: "tools/list", answer: { result: { resultType: "complete", tools: [] } } },
  ]);
}

describe(`${CHECK} (AUTH-144)`, () => {
  it("warns of a challenge whose scope asks for offline_access, quoted or not, on a 401 or a 403", () => {
    for (const [status, challenge] of [
      [401, `Bearer ${METADATA}, scope="files:read offline_access"`],
      [401, `Bearer scope=offline_access, ${METADATA}`],
      [403, `Bearer error="insufficient_scope", scope="offline_access files:write", ${METADATA}`],
    ] as const) {
      const { findings, examined } = judged(CHECK, challenged(status, challenge));
      expect(examined).toBe(1);
      expect(findings.map((f) => [f.seq, f.detail])).toEqual([
        [3, `HTTP ${status} whose WWW-Authenticate ${quote(challenge)} asks for the scope offline_access`],
      ]);
    }
  });

  it("passes a scope that only contains the word, and examines no challenge without a scope", () => {
    expect(judged(CHECK, challenged(401, `Bearer ${METADATA}, scope="offline_access:read files:read"`))).toEqual({
      findings: [],
      examined: 1,
    });
    expect(judged(CHECK, challenged(401, `Bearer ${METADATA}`))).toEqual({ findings: [], examined: 0 });
  });
});

describe("auth.invalid-token-unauthorized (AUTH-050 at 2026-07-28)", () => {
  const expired = `Bearer error="invalid_token", error_description="The access token expired", ${METADATA}`;

  it("fails an invalid_token challenge that comes with any status but 401, and passes one with 401", () => {
    const { findings, examined } = judged("auth.invalid-token-unauthorized", challenged(403, expired));
    expect(examined).toBe(1);
    expect(findings.map((f) => f.detail)).toEqual([
      `HTTP 403 refuses an invalid or expired token (WWW-Authenticate ${quote(expired)}), not 401`,
    ]);
    expect(judged("auth.invalid-token-unauthorized", challenged(401, expired))).toEqual({ findings: [], examined: 1 });
  });

  it("examines no other challenge", () => {
    const malformed = `Bearer error="invalid_request", ${METADATA}`;
    expect(judged("auth.invalid-token-unauthorized", challenged(400, malformed))).toEqual({
      findings: [],
      examined: 0,
    });
  });
});
