/**
 * shttp.no-fallback-after-modern-error — a dual-era client reads the body of a 400 before it falls back to the
 * legacy `initialize` handshake (2026-07-28): a modern server also answers 400 with UnsupportedProtocolVersionError,
 * MissingRequiredClientCapabilityError or a HeaderMismatch, and such a body says the server is modern. Judged on the
 * client's next request after a 400 that carried one of those errors: it must not be `initialize`.
 */
import { quote } from "../../support/detail.js";
import { errorCodeOf } from "../../support/readers.js";
import { routedCheck } from "../../support/routed-check.js";

/** HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion. */
const MODERN_ERRORS = new Set([-32020, -32021, -32022]);

export const noFallbackAfterModernError = routedCheck(
  "shttp.no-fallback-after-modern-error",
  "After a 400 whose body is a modern JSON-RPC error, the client does not fall back to initialize.",
  () => {
    /** The seq and code of the latest 400 with a modern error, until the client's next request. */
    let modern: { seq: number; code: number } | undefined;
    return {
      answered(_ctx, answer) {
        const code = errorCodeOf(answer.ref);
        if (answer.status === 400 && code !== undefined && MODERN_ERRORS.has(code)) modern = { seq: answer.seq, code };
      },
      settled(ctx, request) {
        if (modern === undefined) return;
        const { seq, code } = modern;
        modern = undefined;
        ctx.examined();
        if (request.message.method === "initialize") {
          ctx.report(
            request.seq,
            `the client fell back to initialize after the 400 at seq ${seq}, whose body is the modern error ${quote(code)}`,
          );
        }
      },
    };
  },
);
