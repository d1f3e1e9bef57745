/**
 * Forwarding one HTTP message through the proxy: which headers go on (hop-by-hop ones stay behind), where a proxy
 * path maps on the upstream, and a bounded copy of a body for the observers.
 */
import type http from "node:http";

/** Headers that belong to one connection, not to the message (RFC 9110 §7.6.1); never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** The upstream URL a proxy request path maps to (seed 000: the proxy's root is the upstream URL itself). */
export function mapToUpstream(upstream: URL, requestUrl: string): URL {
  const q = requestUrl.search(/[?#]/);
  const path = q === -1 ? requestUrl : requestUrl.slice(0, q);
  const search = q === -1 ? "" : requestUrl.slice(q).replace(/#.*$/, "");
  const target = new URL(upstream.href);
  if (path !== "/" && path !== "") {
    target.pathname = upstream.pathname.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  }
  if (search) target.search = search;
  target.hash = "";
  return target;
}

export function forwardable(rawHeaders: readonly string[]): string[] {
  let named: Set<string> | undefined;
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (name === "connection") {
      named ??= new Set();
      for (const token of rawHeaders[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
    }
    if (!HOP_BY_HOP.has(name)) out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  if (named === undefined) return out;
  // Headers the Connection header names are hop-by-hop too (it may come after them).
  const kept: string[] = [];
  for (let i = 0; i < out.length; i += 2) if (!named.has(out[i]!.toLowerCase())) kept.push(out[i]!, out[i + 1]!);
  return kept;
}

/**
 * `rawHeaders` with `held` set: each held header replaces any the client sent by that name (any case). The proxy
 * holds these (a wrapped entry's credentials), so the client need not send them to the proxy's loopback port.
 */
export function withHeldHeaders(rawHeaders: string[], held: Readonly<Record<string, string>> | undefined): string[] {
  if (held === undefined) return rawHeaders;
  const names = new Set(Object.keys(held).map((name) => name.toLowerCase()));
  const out: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (!names.has(rawHeaders[i]!.toLowerCase())) out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  for (const [name, value] of Object.entries(held)) out.push(name, value);
  return out;
}

export function headerValue(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A bounded copy of a body, for the observer. */
export class BodyCopy {
  private readonly parts: Buffer[] = [];
  private kept = 0;
  length = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    this.length += chunk.length;
    const room = this.max - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.parts.push(part);
    this.kept += part.length;
  }
  /** Every byte pushed is kept (none was past the bound). */
  get whole(): boolean {
    return this.length === this.kept;
  }
  line() {
    const bytes = Buffer.concat(this.parts, this.kept);
    return { bytes, length: this.length, truncated: this.length > this.kept };
  }
}
