/**
 * What a server may not hold against a request in Server Validation (2026-07-28): a header for an `x-mcp-header`
 * argument that is null or left out of the arguments (the client must omit it, so the server must not expect it),
 * and an integer argument whose header agrees with it as a number though not as text (`42.0` and `42`). Judged on a
 * request whose headers our reading finds nothing wrong with, refused all the same as a HeaderMismatch.
 */
import type { CheckContext } from "../../../engine/types.js";
import { HEADER_MISMATCH } from "../../support/modern.js";
import { errorCodeOf } from "../../support/readers.js";
import { routedCheck } from "../../support/routed-check.js";
import type { RoutedAnswer, RoutedRequest } from "../../support/routed-requests.js";

type Compared = RoutedRequest["compared"] extends Set<infer T> ? T : never;

/** A request showing `subject`, with nothing wrong in its headers, that the server refused as a HeaderMismatch. */
function notRefusedCheck(id: string, description: string, subject: Compared, why: string) {
  return routedCheck(id, description, {
    answered(ctx: CheckContext, answer: RoutedAnswer) {
      const { request } = answer;
      if (request.redacted || !request.compared.has(subject) || request.problems.length > 0) return;
      ctx.examined();
      if (errorCodeOf(answer.ref) === HEADER_MISMATCH) {
        ctx.report(
          answer.seq,
          `the server refused the ${request.message.method} request as a HeaderMismatch, though ${why}`,
        );
      }
    },
  });
}

export const nullParamHeaderNotExpected = notRefusedCheck(
  "shttp.null-param-header-not-expected",
  "A tools/call that omits the Mcp-Param header of an x-mcp-header argument whose value is null is not refused for it.",
  "param-null",
  "the client rightly sent no Mcp-Param header for an annotated argument that is null",
);

export const missingParamHeaderNotExpected = notRefusedCheck(
  "shttp.missing-param-header-not-expected",
  "A tools/call that omits the Mcp-Param header of an x-mcp-header argument left out of its arguments is not refused for it.",
  "param-missing",
  "the client rightly sent no Mcp-Param header for an annotated argument absent from its arguments",
);

/** Examined: every request with an integer argument mirrored; judged where the header's text is not the decimal form. */
export const integerParamsComparedNumerically = routedCheck(
  "shttp.integer-params-compared-numerically",
  "An integer Mcp-Param header that equals its argument as a number (42.0 and 42) is not refused as a mismatch.",
  {
    answered(ctx, answer) {
      const { request } = answer;
      if (request.redacted || !request.compared.has("integer")) return;
      ctx.examined();
      if (
        request.compared.has("numeric") &&
        request.problems.length === 0 &&
        errorCodeOf(answer.ref) === HEADER_MISMATCH
      ) {
        ctx.report(
          answer.seq,
          `the server refused the ${request.message.method} request as a HeaderMismatch, though its integer Mcp-Param header equals the argument as a number`,
        );
      }
    },
  },
);
