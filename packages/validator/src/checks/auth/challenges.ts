/**
 * What the MCP wire shows of authorization (AUTH-013/049/054/055/056, and AUTH-050/144/145 at 2026-07-28): a 401
 * carries a Bearer `WWW-Authenticate` challenge (OAuth 2.1 §5.3), which should name the `scope` needed; a
 * challenge's error code comes with its status (RFC 6750 §3.1: invalid_request 400, invalid_token 401); an
 * insufficient-scope challenge comes with 403 and names `scope` and `resource_metadata`; a challenged scope is never
 * `offline_access`. Only headers are read: tokens are never recorded.
 */
import type { HttpEvent, TraceEvent } from "@mcp-conf/trace-format";
import { quote } from "../support/detail.js";
import { header } from "../support/http-requests.js";
import { messageRuleCheck } from "../support/message-rule.js";

const BEARER = /(?:^|,)\s*bearer(?:\s|$)/i;
const hasParam = (challenge: string, name: string) => new RegExp(`(?:^|[\\s,])${name}\\s*=`, "i").test(challenge);
const INSUFFICIENT_SCOPE = /(?:^|[\s,])error\s*=\s*"?insufficient_scope"?/i;

/** A server's HTTP response with its WWW-Authenticate challenge (undefined when there is none). */
interface Answer {
  event: HttpEvent;
  challenge: string | undefined;
}

/** Each HTTP response of the server, with its challenge. */
function serverResponse(event: TraceEvent): Answer | undefined {
  if (event.kind !== "http" || event.direction !== "server-to-client") return undefined;
  return { event, challenge: header(event, "www-authenticate") };
}

/** The scope tokens a challenge names (RFC 6750 §3: space-delimited, quoted), empty when it names none. */
const SCOPE_VALUE = /(?:^|[\s,])scope\s*=\s*(?:"([^"]*)"|([^\s,]*))/i;
const scopesOf = (challenge: string): string[] => {
  const match = SCOPE_VALUE.exec(challenge);
  return (match?.[1] ?? match?.[2] ?? "").split(/\s+/).filter((scope) => scope !== "");
};

/** A server's HTTP response carrying a Bearer challenge. */
const bearer = (event: TraceEvent) => {
  const answer = serverResponse(event);
  return answer?.challenge !== undefined && BEARER.test(answer.challenge)
    ? { event: answer.event, challenge: answer.challenge }
    : undefined;
};

export const unauthorizedChallenge = messageRuleCheck({
  id: "auth.unauthorized-challenge",
  description: "A 401 response carries a Bearer WWW-Authenticate challenge.",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = serverResponse(event);
    return answer?.event.status === 401 ? answer : undefined;
  },
  judge({ challenge }) {
    if (challenge === undefined) return "HTTP 401 without a WWW-Authenticate header";
    if (!BEARER.test(challenge)) return `HTTP 401 whose WWW-Authenticate ${quote(challenge)} holds no Bearer challenge`;
    return undefined;
  },
});

export const challengeScope = messageRuleCheck({
  id: "auth.challenge-scope",
  description: "A 401's Bearer challenge names the scope needed.",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = bearer(event);
    return answer?.event.status === 401 ? answer : undefined;
  },
  judge: ({ challenge }) =>
    hasParam(challenge, "scope") ? undefined : `HTTP 401 whose WWW-Authenticate ${quote(challenge)} names no scope`,
});

export const insufficientScopeChallenge = messageRuleCheck({
  id: "auth.insufficient-scope-challenge",
  description: "An insufficient_scope challenge comes with 403 and names scope and resource_metadata.",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = serverResponse(event);
    return answer?.challenge !== undefined && INSUFFICIENT_SCOPE.test(answer.challenge)
      ? { event: answer.event, challenge: answer.challenge }
      : undefined;
  },
  judge({ event, challenge }) {
    const defects: string[] = [];
    if (event.status !== 403) defects.push(`comes with HTTP ${event.status ?? "(no status)"}, not 403 Forbidden`);
    if (!hasParam(challenge, "scope")) defects.push("names no scope");
    if (!hasParam(challenge, "resource_metadata")) defects.push("names no resource_metadata");
    return defects.length > 0 ? `an insufficient_scope challenge ${quote(challenge)} ${defects.join(", ")}` : undefined;
  },
});

/** RFC 6750 §3.1: the status each Bearer error code comes with (insufficient_scope is AUTH-055's). */
const ERROR_STATUS: Readonly<Record<string, number>> = { invalid_request: 400, invalid_token: 401 };
const ERROR_CODE = /(?:^|[\s,])error\s*=\s*"?([A-Za-z_]+)"?/i;
const errorCode = (challenge: string) => ERROR_CODE.exec(challenge)?.[1]?.toLowerCase();

export const challengeStatus = messageRuleCheck({
  id: "auth.challenge-status",
  description: "A Bearer challenge's error code comes with its HTTP status: invalid_request 400, invalid_token 401.",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = bearer(event);
    const code = answer && errorCode(answer.challenge);
    const expected = code === undefined ? undefined : ERROR_STATUS[code];
    return answer && code !== undefined && expected !== undefined ? { ...answer, code, expected } : undefined;
  },
  judge: ({ event, code, expected }) =>
    event.status === expected
      ? undefined
      : `a Bearer challenge with error ${quote(code)} comes with HTTP ${event.status ?? "(no status)"}, not ${expected}`,
});

export const challengeWithoutOfflineAccess = messageRuleCheck({
  id: "auth.challenge-without-offline-access",
  description: "A Bearer challenge's scope never asks for offline_access (a refresh token is no resource requirement).",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = bearer(event);
    return answer && hasParam(answer.challenge, "scope") ? answer : undefined;
  },
  judge: ({ event, challenge }) =>
    scopesOf(challenge).includes("offline_access")
      ? `HTTP ${event.status ?? "(no status)"} whose WWW-Authenticate ${quote(challenge)} asks for the scope offline_access`
      : undefined,
});

export const invalidTokenUnauthorized = messageRuleCheck({
  id: "auth.invalid-token-unauthorized",
  description: "A Bearer challenge saying the token is invalid or expired (error invalid_token) comes with HTTP 401.",
  subscribe: { events: ["http"] },
  subject: (event: TraceEvent) => {
    const answer = bearer(event);
    return answer && errorCode(answer.challenge) === "invalid_token" ? answer : undefined;
  },
  judge: ({ event, challenge }) =>
    event.status === 401
      ? undefined
      : `HTTP ${event.status ?? "(no status)"} refuses an invalid or expired token (WWW-Authenticate ${quote(challenge)}), not 401`,
});
