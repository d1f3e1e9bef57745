/**
 * Several entries of one file wrapped (or unwrapped) in one pass, as `mcp-conf wrap --all` and `wrap SERVER` do: each
 * named server in turn (or, for all: every stdio server, and when unwrapping every wrapped one), the file after
 * every change, which servers changed, why the others did not, and the proxies the URL entries need.
 */
import type { ClientConfig } from "./clients.js";
import type { ConfigDocument } from "./config-document.js";
import { type EntryResult, type Launcher, listServers, type ProxyPlan, unwrapServer, wrapServer } from "./entry.js";
import type { HeldCredentials } from "./held.js";

export interface ServersEdit {
  /** The file after every change (the one given when nothing changed). */
  document: ConfigDocument;
  /** The servers changed, in order. */
  changed: string[];
  /** Each named server left as it was, and why (`is already wrapped`). */
  unchanged: { name: string; why: string }[];
  /** The proxies of the URL entries touched (`proxyCommand` runs one). */
  proxies: ProxyPlan[];
}

/** Wraps the named servers (`all`: every stdio server of the file); `port` only for one URL entry. */
export function wrapServers(
  document: ConfigDocument,
  client: ClientConfig,
  servers: readonly string[] | "all",
  launcher: Launcher,
  port?: number,
): ServersEdit {
  const names = servers === "all" ? namesOf(document, client, (s) => s.kind === "stdio") : servers;
  return editEach(document, names, (current, name) => wrapServer(current, client, name, launcher, port));
}

/** Unwraps the named servers (`all`: every stdio or wrapped server); a URL entry's held credentials from `heldFor`. */
export function unwrapServers(
  document: ConfigDocument,
  client: ClientConfig,
  servers: readonly string[] | "all",
  heldFor?: (port: number) => HeldCredentials | undefined,
): ServersEdit {
  const names = servers === "all" ? namesOf(document, client, (s) => s.kind === "stdio" || s.wrapped) : servers;
  return editEach(document, names, (current, name) => unwrapServer(current, client, name, heldFor));
}

function namesOf(
  document: ConfigDocument,
  client: ClientConfig,
  keep: (server: ReturnType<typeof listServers>[number]) => boolean,
): string[] {
  return listServers(document, client)
    .filter(keep)
    .map((server) => server.name);
}

function editEach(
  document: ConfigDocument,
  names: readonly string[],
  edit: (current: ConfigDocument, name: string) => EntryResult,
): ServersEdit {
  const result: ServersEdit = { document, changed: [], unchanged: [], proxies: [] };
  for (const name of names) {
    const one = edit(result.document, name);
    if (one.proxy) result.proxies.push(one.proxy);
    if (one.changed) {
      result.document = one.document;
      result.changed.push(name);
    } else result.unchanged.push({ name, why: one.why });
  }
  return result;
}
