/**
 * What the MCP wire shows of authorization (AUTH-013/049/054/055/056): a 401 carries a Bearer
 * `WWW-Authenticate` challenge (OAuth 2.1 §5.3), which should name the `scope` needed; a challenge's error code
 * comes with its status (RFC 6750 §3.1: invalid_request 400, invalid_token 401); an insufficient-scope challenge
 * comes with 403 and names `scope` and `resource_metadata`. Only headers are read: tokens are never recorded.
 */
import type { HttpEvent, TraceEvent } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { header } from "../support/http-requests.js";

const BEARER = /(?:^|,)\s*bearer(?:\s|$)/i;
const hasParam = (challenge: string, name: string) => new RegExp(`(?:^|[\\s,])${name}\\s*=`, "i").test(challenge);
const INSUFFICIENT_SCOPE = /(?:^|[\s,])error\s*=\s*"?insufficient_scope"?/i;

function serverHttpEventCheck(
  id: string,
  description: string,
  judge: (ctx: Parameters<CheckDefinition["create"]>[0], event: HttpEvent) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { events: ["http"] },
    create(ctx) {
      return {
        event(event: TraceEvent) {
          if (event.kind === "http" && event.direction === "server-to-client") judge(ctx, event);
        },
      };
    },
  };
}

export const unauthorizedChallenge = serverHttpEventCheck(
  "auth.unauthorized-challenge",
  "A 401 response carries a Bearer WWW-Authenticate challenge.",
  (ctx, event) => {
    if (event.status !== 401) return;
    ctx.examined();
    const challenge = header(event, "www-authenticate");
    if (challenge === undefined) ctx.report(event.seq, "HTTP 401 without a WWW-Authenticate header");
    else if (!BEARER.test(challenge)) {
      ctx.report(event.seq, `HTTP 401 whose WWW-Authenticate ${quote(challenge)} holds no Bearer challenge`);
    }
  },
);

export const challengeScope = serverHttpEventCheck(
  "auth.challenge-scope",
  "A 401's Bearer challenge names the scope needed.",
  (ctx, event) => {
    if (event.status !== 401) return;
    const challenge = header(event, "www-authenticate");
    if (challenge === undefined || !BEARER.test(challenge)) return;
    ctx.examined();
    if (!hasParam(challenge, "scope")) {
      ctx.report(event.seq, `HTTP 401 whose WWW-Authenticate ${quote(challenge)} names no scope`);
    }
  },
);

export const insufficientScopeChallenge = serverHttpEventCheck(
  "auth.insufficient-scope-challenge",
  "An insufficient_scope challenge comes with 403 and names scope and resource_metadata.",
  (ctx, event) => {
    const challenge = header(event, "www-authenticate");
    if (challenge === undefined || !INSUFFICIENT_SCOPE.test(challenge)) return;
    ctx.examined();
    const defects: string[] = [];
    if (event.status !== 403) defects.push(`comes with HTTP ${event.status ?? "(no status)"}, not 403 Forbidden`);
    if (!hasParam(challenge, "scope")) defects.push("names no scope");
    if (!hasParam(challenge, "resource_metadata")) defects.push("names no resource_metadata");
    if (defects.length > 0) {
      ctx.report(event.seq, `an insufficient_scope challenge ${quote(challenge)} ${defects.join(", ")}`);
    }
  },
);

/** RFC 6750 §3.1: the status each Bearer error code comes with (insufficient_scope is AUTH-055's). */
const ERROR_STATUS: Readonly<Record<string, number>> = { invalid_request: 400, invalid_token: 401 };
const ERROR_CODE = /(?:^|[\s,])error\s*=\s*"?([A-Za-z_]+)"?/i;

export const challengeStatus = serverHttpEventCheck(
  "auth.challenge-status",
  "A Bearer challenge's error code comes with its HTTP status: invalid_request 400, invalid_token 401.",
  (ctx, event) => {
    const challenge = header(event, "www-authenticate");
    if (challenge === undefined || !BEARER.test(challenge)) return;
    const code = ERROR_CODE.exec(challenge)?.[1]?.toLowerCase();
    const expected = code === undefined ? undefined : ERROR_STATUS[code];
    if (expected === undefined) return;
    ctx.examined();
    if (event.status !== expected) {
      ctx.report(
        event.seq,
        `a Bearer challenge with error ${quote(code)} comes with HTTP ${event.status ?? "(no status)"}, not ${expected}`,
      );
    }
  },
);
