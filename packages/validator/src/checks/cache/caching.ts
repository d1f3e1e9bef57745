/**
 * Caching hints of 2026-07-28: complete results of the cacheable operations carry `ttlMs` and `cacheScope`
 * (cache.hints-present), `ttlMs` is never negative (cache.ttl-non-negative), every page of one list carries the
 * first page's `cacheScope` (cache.scope-same-across-pages), and the result of a multi round-trip retry, which must
 * not be cached, is never marked fresh (cache.retry-result-not-fresh).
 */
import type { Exchange } from "@mcp-conf/session";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { type AnsweredRequest, answeredClientRequest } from "../support/answers.js";
import { BoundedMap } from "../support/bounded-map.js";
import { quote } from "../support/detail.js";

/** The operations whose complete results carry caching hints. */
export const CACHEABLE_METHODS = [
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
];

function resultCheck(
  id: string,
  description: string,
  methods: readonly string[],
  judge: (
    ctx: CheckContext,
    x: Extract<Exchange, { type: "request" }>,
    answer: AnsweredRequest & { result: Record<string, unknown> },
  ) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: methods },
    create(ctx) {
      return {
        exchange(x: Exchange) {
          const answer = answeredClientRequest(x);
          if (x.type !== "request" || !answer?.result) return;
          judge(ctx, x, answer as AnsweredRequest & { result: Record<string, unknown> });
        },
      };
    },
  };
}

export const hintsPresent = resultCheck(
  "cache.hints-present",
  "Complete results of the cacheable operations carry ttlMs and cacheScope.",
  CACHEABLE_METHODS,
  (ctx, x, { result, response }) => {
    if (result.resultType !== "complete") return;
    ctx.examined();
    const missing = ["ttlMs", "cacheScope"].filter((key) => result[key] === undefined);
    if (missing.length > 0)
      ctx.report(response.seq, `the complete result of ${quote(x.method)} has no ${missing.join(" and no ")}`);
  },
);

export const ttlNonNegative = resultCheck(
  "cache.ttl-non-negative",
  "ttlMs is never negative.",
  ["*"],
  (ctx, x, { result, response }) => {
    if (typeof result.ttlMs !== "number") return;
    ctx.examined();
    if (result.ttlMs < 0) ctx.report(response.seq, `the result of ${quote(x.method)} has ttlMs ${result.ttlMs}`);
  },
);

const PAGINATED = ["tools/list", "prompts/list", "resources/list", "resources/templates/list"];

export const scopeSameAcrossPages: CheckDefinition = {
  id: "cache.scope-same-across-pages",
  description: "Every page of a list carries the first page's cacheScope.",
  subscribe: { exchanges: PAGINATED },
  create(ctx) {
    /** method + cursor handed out → the cacheScope of the list it continues. */
    const scopes = new BoundedMap<string, unknown>(10_000);
    return {
      exchange(x: Exchange) {
        const answer = answeredClientRequest(x);
        if (x.type !== "request" || !answer?.result || answer.result.resultType !== "complete") return;
        const { result, params } = answer;
        const cursor = params.cursor;
        let scope = result.cacheScope;
        if (typeof cursor === "string" && scopes.has(`${x.method}\u0000${cursor}`)) {
          const first = scopes.get(`${x.method}\u0000${cursor}`);
          ctx.examined();
          if (scope !== first)
            ctx.report(
              answer.response.seq,
              `a later page of ${quote(x.method)} has cacheScope ${quote(scope ?? null)}, the first had ${quote(first)}`,
            );
          scope = first;
        }
        if (typeof result.nextCursor === "string") scopes.set(`${x.method}\u0000${result.nextCursor}`, scope);
      },
    };
  },
};

export const retryResultNotFresh = resultCheck(
  "cache.retry-result-not-fresh",
  "The result of a retry carrying inputResponses or requestState has no positive ttlMs.",
  ["*"],
  (ctx, x, { params, result, response }) => {
    if (params.inputResponses === undefined && params.requestState === undefined) return;
    ctx.examined();
    if (typeof result.ttlMs === "number" && result.ttlMs > 0)
      ctx.report(
        response.seq,
        `the result of a retried ${quote(x.method)} (a request carrying inputResponses or requestState) is marked fresh for ttlMs ${result.ttlMs}, though it must not be cached`,
      );
  },
);
