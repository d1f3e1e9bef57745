/**
 * Wrapping one server entry of a client's MCP configuration, as text: the file is JSON with comments, and every
 * byte outside the entry's `command` and `args` stays as it was. Wrapping replaces the command by the launcher of
 * mcp-conf and inserts `…launcher args, "watch", "stdio", "--", <the old command>` before the old arguments;
 * unwrapping removes exactly that text again, so a wrap and an unwrap give back the file byte for byte. A wrapped
 * entry is recognised by its `watch stdio --`, so wrapping twice changes nothing. An entry reached by URL (`url`, or
 * Windsurf's `serverUrl`) gets only its URL rewritten, to the loopback address of a `watch http` proxy, with the
 * original URL's text kept in the new URL's fragment (which HTTP clients never send) for `unwrap` to put back.
 */
import { createHash } from "node:crypto";
import jsonc from "jsonc-parser";
import type { ClientConfig } from "./clients.js";
import { ConfigDocument, NotUtf8Error, type TextEdit } from "./config-document.js";
import { WrapError } from "./entry-error.js";
import { HELD_VALUE, type HeldCredentials } from "./held.js";

export { WrapError };

const { findNodeAtLocation, parseTree, printParseErrorCode } = jsonc;
type Node = jsonc.Node;

/** How the client is to start mcp-conf: an executable and the arguments before `watch`. */
export interface Launcher {
  command: string;
  args: readonly string[];
}

/** The `watch http` proxy a wrapped HTTP entry points at: the client cannot start it, so the user runs it. */
export interface ProxyPlan {
  upstream: string;
  port: number;
  /**
   * The entry's credential headers (`Authorization`, an API key…), held by the proxy instead of sent by the client to
   * the port in plain HTTP: their values, and their literals for `unwrap` (empty names when already held).
   */
  held?: HeldCredentials;
}

/** Header names that carry credentials, lower-cased without `-` and `_`. */
const CREDENTIAL_HEADERS = /^(?:authorization|proxyauthorization|cookie|x?apikey|x?authtoken|x?accesstoken|token)$/;

export type EntryResult = ({ changed: true; document: ConfigDocument } | { changed: false; why: string }) & {
  proxy?: ProxyPlan;
};

export interface ServerSummary {
  name: string;
  /** stdio (a command), http (a URL), or anything else. */
  kind: "stdio" | "http" | "other";
  wrapped: boolean;
}

const WATCH = ["watch", "stdio", "--"];
const PROXY_HOST = "127.0.0.1";
const UPSTREAM_MARK = "#mcp-conf-upstream=";
const WRAPPED_URL = /^http:\/\/127\.0\.0\.1:(\d+)\/#mcp-conf-upstream=([A-Za-z0-9\-_.!~*'()%]*)$/;

/** The servers the file configures for `client`, in file order. */
export function listServers(document: ConfigDocument | string, client: ClientConfig): ServerSummary[] {
  const servers = serversNode(parse(textOf(document)), client);
  if (!servers) return [];
  return (servers.children ?? []).map((property) => {
    const name = String(property.children![0]!.value);
    const entry = property.children![1];
    const command = entry && findNodeAtLocation(entry, ["command"]);
    const url = entry && urlNode(entry);
    const kind = command?.type === "string" ? "stdio" : url?.type === "string" ? "http" : "other";
    const wrapped =
      kind === "stdio" ? wrappedAt(stringArgs(entry!)) !== undefined : kind === "http" && WRAPPED_URL.test(url!.value);
    return { name, kind, wrapped };
  });
}

/**
 * Rewrites `server`'s entry to run under `mcp-conf watch stdio --`, or, for an entry reached by URL, to point at a
 * `watch http` proxy on `port` (default: one derived from the entry). Throws `WrapError` for what cannot be wrapped.
 */
export function wrapServer(
  file: ConfigDocument | string,
  client: ClientConfig,
  server: string,
  launcher: Launcher,
  port?: number,
): EntryResult {
  const found = locate(file, client, server);
  if (found.kind === "http") return wrapHttp(found.document, server, found.url, found.credentials, port);
  if (port !== undefined)
    throw new WrapError(`--port is for a server reached by URL; ${JSON.stringify(server)} is not`);
  const document = found.document;
  const { command, args } = stdioEntry(found.entry, server);
  const argList = args ? stringArgs(args.parent!.parent!) : [];
  if (wrappedAt(argList) !== undefined) return { changed: false, why: "is already wrapped" };
  const prefix = [...launcher.args, ...WATCH, String(command.value)].map((word) => JSON.stringify(word)).join(", ");
  const edits = [{ offset: command.offset, length: command.length, content: JSON.stringify(launcher.command) }];
  if (!args) edits.push({ offset: command.offset + command.length, length: 0, content: `, "args": [${prefix}]` });
  else if ((args.children ?? []).length === 0) edits.push({ offset: args.offset + 1, length: 0, content: prefix });
  else edits.push({ offset: args.children![0]!.offset, length: 0, content: `${prefix}, ` });
  return { changed: true, document: edited(document, edits, server) };
}

/**
 * Restores `server`'s entry as it was before `wrapServer` (a URL entry's held credentials from `heldFor(port)`). Throws
 * `WrapError` for a missing entry, or held credentials that are not given.
 */
export function unwrapServer(
  file: ConfigDocument | string,
  client: ClientConfig,
  server: string,
  heldFor?: (port: number) => HeldCredentials | undefined,
): EntryResult {
  const found = locate(file, client, server);
  if (found.kind === "http") return unwrapHttp(found.document, server, found.url, found.credentials, heldFor);
  const { document, entry } = found;
  const text = document.text;
  const { command, args } = stdioEntry(entry, server);
  const at = args ? wrappedAt(stringArgs(args.parent!.parent!)) : undefined;
  if (!args || at === undefined) return { changed: false, why: "is not wrapped" };
  const items = args.children!;
  const original = items[at + WATCH.length]!;
  const edits = [{ offset: command.offset, length: command.length, content: JSON.stringify(original.value) }];
  const end = (node: Node) => node.offset + node.length;
  const rest = items[at + WATCH.length + 1];
  if (rest) edits.push({ offset: items[0]!.offset, length: rest.offset - items[0]!.offset, content: "" });
  else {
    // No arguments of its own: either wrap added the whole `args` member, or the entry had `"args": []`.
    const property = args.parent!;
    const added = `, "args": [${items.map((item) => text.slice(item.offset, end(item))).join(", ")}]`;
    if (end(command) <= property.offset && text.slice(end(command), end(property)) === added) {
      edits.push({ offset: end(command), length: added.length, content: "" });
    } else edits.push({ offset: items[0]!.offset, length: end(original) - items[0]!.offset, content: "" });
  }
  return { changed: true, document: edited(document, edits, server) };
}

/** The text of `server`'s entry (for a dry run). */
export function entryText(document: ConfigDocument | string, client: ClientConfig, server: string): string {
  const text = textOf(document);
  const entry = entryNode(parse(text), client, server);
  return text.slice(entry.offset, entry.offset + entry.length);
}

/** An entry's credential headers whose values are strings: name node, value node. */
type Credentials = { name: string; value: Node }[];

/** `server`'s entry: one reached by URL (no "command", a "url" or "serverUrl" string), else a stdio entry. */
function locate(
  file: ConfigDocument | string,
  client: ClientConfig,
  server: string,
):
  | { kind: "http"; document: ConfigDocument; url: Node; credentials: Credentials }
  | { kind: "stdio"; document: ConfigDocument; entry: Node } {
  const document = typeof file === "string" ? ConfigDocument.fromText(file) : file;
  const entry = entryNode(parse(document.text), client, server);
  const url = urlNode(entry);
  if (findNodeAtLocation(entry, ["command"]) === undefined && url?.type === "string") {
    return { kind: "http", document, url, credentials: credentialHeaders(entry) };
  }
  return { kind: "stdio", document, entry };
}

function textOf(document: ConfigDocument | string): string {
  return typeof document === "string" ? document : document.text;
}

/** `document` with `edits` applied; an edit of bytes that are not UTF-8 is refused (they could not be kept). */
function edited(document: ConfigDocument, edits: TextEdit[], server: string): ConfigDocument {
  try {
    return document.edit(edits);
  } catch (error) {
    if (error instanceof NotUtf8Error) {
      throw new WrapError(
        `the entry of ${JSON.stringify(server)} holds bytes that are not UTF-8; fix them and run again`,
      );
    }
    throw error;
  }
}

function parse(text: string): Node {
  const errors: jsonc.ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    const line = text.slice(0, offset).split("\n").length;
    throw new WrapError(
      `not JSON with comments (${first ? printParseErrorCode(first.error) : "empty"} at line ${line})`,
    );
  }
  if (root.type !== "object") throw new WrapError("not a JSON object");
  return root;
}

function serversNode(root: Node, client: ClientConfig): Node | undefined {
  const servers = findNodeAtLocation(root, [client.serversKey]);
  return servers?.type === "object" ? servers : undefined;
}

function entryNode(root: Node, client: ClientConfig, server: string): Node {
  const servers = serversNode(root, client);
  if (!servers) throw new WrapError(`no "${client.serversKey}" object`);
  // Clients read the last of duplicated members, the parser finds the first: editing either would be a guess.
  const copies = (servers.children ?? []).filter((p) => p.children?.[0]?.value === server).length;
  if (copies > 1) {
    throw new WrapError(
      `the server ${JSON.stringify(server)} appears ${copies} times in "${client.serversKey}"; keep one and run again`,
    );
  }
  const entry = findNodeAtLocation(servers, [server]);
  if (!entry) {
    const names = (servers.children ?? []).map((p) => JSON.stringify(p.children![0]!.value)).join(", ");
    throw new WrapError(`no server ${JSON.stringify(server)} in "${client.serversKey}" (it has ${names || "none"})`);
  }
  if (entry.type !== "object") throw new WrapError(`the entry of ${JSON.stringify(server)} is not an object`);
  return entry;
}

function stdioEntry(entry: Node, server: string): { command: Node; args: Node | undefined } {
  const command = findNodeAtLocation(entry, ["command"]);
  if (command?.type !== "string") {
    throw new WrapError(`${JSON.stringify(server)} has no "command" string, nor a "url" or "serverUrl" string`);
  }
  const args = findNodeAtLocation(entry, ["args"]);
  if (args !== undefined && (args.type !== "array" || (args.children ?? []).some((c) => c.type !== "string"))) {
    throw new WrapError(`the "args" of ${JSON.stringify(server)} is not a list of strings`);
  }
  return { command, args };
}

function stringArgs(entry: Node): string[] {
  const args = findNodeAtLocation(entry, ["args"]);
  return args?.type === "array" ? (args.children ?? []).map((c) => String(c.value)) : [];
}

/** Where `watch stdio --` starts in a wrapped entry's arguments (after at most the launcher's script), if it does. */
function wrappedAt(args: readonly string[]): number | undefined {
  for (const at of [0, 1]) {
    if (WATCH.every((word, i) => args[at + i] === word) && args.length > at + WATCH.length) return at;
  }
  return undefined;
}

function urlNode(entry: Node): Node | undefined {
  return findNodeAtLocation(entry, ["url"]) ?? findNodeAtLocation(entry, ["serverUrl"]);
}

function credentialHeaders(entry: Node): Credentials {
  const headers = findNodeAtLocation(entry, ["headers"]);
  return (headers?.type === "object" ? (headers.children ?? []) : [])
    .map((member) => ({ name: String(member.children?.[0]?.value ?? ""), value: member.children?.[1] }))
    .filter((h): h is { name: string; value: Node } => h.value?.type === "string")
    .filter(({ name }) => CREDENTIAL_HEADERS.test(name.toLowerCase().replace(/[-_]/g, "")));
}

/**
 * Keeps the URL literal's bytes between the quotes (escapes included), so unwrap writes them back as they were; and
 * moves each credential header's value out of the entry (the client then sends `HELD_VALUE`), into `proxy.held`.
 */
function wrapHttp(
  document: ConfigDocument,
  server: string,
  url: Node,
  credentials: Credentials,
  port: number | undefined,
): EntryResult {
  const text = document.text;
  const value = String(url.value);
  const wrapped = WRAPPED_URL.exec(value);
  if (wrapped) return { changed: false, why: "is already wrapped", proxy: proxyOf(wrapped) };
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") {
    throw new WrapError(`the URL of ${JSON.stringify(server)} is not an http:// or https:// URL`);
  }
  const chosen = port ?? proxyPort(server, value);
  const raw = text.slice(url.offset + 1, url.offset + url.length - 1);
  const pointed = `http://${PROXY_HOST}:${chosen}/${UPSTREAM_MARK}${encodeURIComponent(raw)}`;
  const edits: TextEdit[] = [{ offset: url.offset, length: url.length, content: JSON.stringify(pointed) }];
  const proxy: ProxyPlan = { upstream: value, port: chosen };
  const held: HeldCredentials = { headers: {}, literals: {} };
  for (const { name, value: node } of credentials) {
    if (node.value === HELD_VALUE) continue;
    held.headers[name] = String(node.value);
    held.literals[name] = text.slice(node.offset, node.offset + node.length);
    edits.push({ offset: node.offset, length: node.length, content: JSON.stringify(HELD_VALUE) });
  }
  if (Object.keys(held.headers).length > 0) proxy.held = held;
  return { changed: true, document: edited(document, edits, server), proxy };
}

function unwrapHttp(
  document: ConfigDocument,
  server: string,
  url: Node,
  credentials: Credentials,
  heldFor: ((port: number) => HeldCredentials | undefined) | undefined,
): EntryResult {
  const wrapped = WRAPPED_URL.exec(String(url.value));
  if (!wrapped) return { changed: false, why: "is not wrapped" };
  const held = credentials.some(({ value }) => value.value === HELD_VALUE) ? heldFor?.(Number(wrapped[1])) : undefined;
  const edits: TextEdit[] = [
    { offset: url.offset, length: url.length, content: `"${decodeURIComponent(wrapped[2]!)}"` },
  ];
  for (const { name, value } of credentials) {
    if (value.value !== HELD_VALUE) continue;
    const literal = held?.literals[name];
    if (literal === undefined) {
      throw new WrapError(
        `the ${name} header of ${JSON.stringify(server)} is held by mcp-conf, and its value is not at hand; put it back by hand`,
      );
    }
    edits.push({ offset: value.offset, length: value.length, content: literal });
  }
  return { changed: true, document: edited(document, edits, server), proxy: proxyOf(wrapped) };
}

function proxyOf(wrapped: RegExpExecArray): ProxyPlan {
  return { upstream: JSON.parse(`"${decodeURIComponent(wrapped[2]!)}"`) as string, port: Number(wrapped[1]) };
}

/** A port stable for the entry (its name and URL), in 20000-29999: below the usual ephemeral ranges. */
export function proxyPort(server: string, url: string): number {
  const digest = createHash("sha256").update(`${server}\n${url}`).digest();
  return 20000 + (digest.readUInt32BE(0) % 10000);
}

/** The one command line that runs the proxy a wrapped HTTP entry points at (with the file of its held credentials). */
export function proxyCommand(proxy: ProxyPlan, heldFile?: string): string {
  const word = (text: string) => (/^[A-Za-z0-9_\-.,:/@%+=]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`);
  const held = heldFile === undefined ? "" : ` --upstream-headers ${word(heldFile)}`;
  return `mcp-conf watch http --upstream ${word(proxy.upstream)} --listen ${PROXY_HOST}:${proxy.port}${held}`;
}
