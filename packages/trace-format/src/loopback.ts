/**
 * Whether a host is this machine, for the warnings that something would cross the network (a proxy listening on a
 * public address, an OTLP collector reached over plain http://). The host is put through the URL parser first, so
 * every spelling of an address (`127.1`, `0x7f.0.0.1`, `0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`) is judged in its one
 * canonical form.
 */

/**
 * True for a host only this machine can reach: `localhost` and `*.localhost` (RFC 6761 §6.3), 127.0.0.0/8, `::1`,
 * and IPv4-mapped 127.0.0.0/8 (`::ffff:127.x.y.z`). A bracketed IPv6 literal (`[::1]`, a URL's hostname) is accepted.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  let canonical: string;
  try {
    canonical = new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`).hostname.replace(/\.$/, "");
  } catch {
    return false;
  }
  if (canonical === "localhost" || canonical.endsWith(".localhost")) return true;
  if (canonical === "[::1]") return true;
  return /^127\.\d+\.\d+\.\d+$/.test(canonical) || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
