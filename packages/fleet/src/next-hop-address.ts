/**
 * Where a serve sends its findings on, as a user gives it (`mcp-conf serve --next-hop URL --next-hop-header K=V`): an
 * http(s) base URL and the headers for it, checked before anything starts.
 */
import { OtlpConfigError, parseOtlpHeaders } from "@mcp-conf/otel-mapper";

/** A next hop that cannot be used; the message is one line, naming the value given. */
export class NextHopError extends Error {
  override readonly name = "NextHopError";
}

/** The next hop's `url` and `headers` (`NAME=VALUE` each), or a `NextHopError` that says what is wrong. */
export function parseNextHop(
  given: string,
  headerValues: readonly string[] = [],
): { url: string; headers: Record<string, string> } {
  try {
    const url = new URL(given);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new OtlpConfigError("not http(s)");
    return { url: url.toString(), headers: parseOtlpHeaders(headerValues) };
  } catch (error) {
    const why = error instanceof OtlpConfigError ? error.message : "not a URL";
    throw new NextHopError(`--next-hop ${JSON.stringify(given)}: ${why}`);
  }
}
