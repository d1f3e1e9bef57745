/**
 * Wrapping one server entry of a client's MCP configuration, as text: the file is JSON with comments, and every
 * byte outside the entry's `command` and `args` stays as it was. Wrapping replaces the command by the launcher of
 * mcp-conf and inserts `…launcher args, "watch", "stdio", "--", <the old command>` before the old arguments;
 * unwrapping removes exactly that text again, so a wrap and an unwrap give back the file byte for byte. A wrapped
 * entry is recognised by its `watch stdio --`, so wrapping twice changes nothing.
 */
import jsonc from "jsonc-parser";
import type { ClientConfig } from "./clients.js";

const { applyEdits, findNodeAtLocation, parseTree, printParseErrorCode } = jsonc;
type Node = jsonc.Node;

/** How the client is to start mcp-conf: an executable and the arguments before `watch`. */
export interface Launcher {
  command: string;
  args: readonly string[];
}

/** A problem with the file or the entry, fit to print as one line. */
export class WrapError extends Error {
  override name = "WrapError";
}

export type EntryResult = { changed: true; text: string } | { changed: false; why: string };

export interface ServerSummary {
  name: string;
  /** stdio (a command), http (a URL), or anything else. */
  kind: "stdio" | "http" | "other";
  wrapped: boolean;
}

const WATCH = ["watch", "stdio", "--"];

/** The servers the file configures for `client`, in file order. */
export function listServers(text: string, client: ClientConfig): ServerSummary[] {
  const servers = serversNode(parse(text), client);
  if (!servers) return [];
  return (servers.children ?? []).map((property) => {
    const name = String(property.children![0]!.value);
    const entry = property.children![1];
    const command = entry && findNodeAtLocation(entry, ["command"]);
    const url = entry && (findNodeAtLocation(entry, ["url"]) ?? findNodeAtLocation(entry, ["serverUrl"]));
    const kind = command?.type === "string" ? "stdio" : url?.type === "string" ? "http" : "other";
    return { name, kind, wrapped: kind === "stdio" && wrappedAt(stringArgs(entry!)) !== undefined };
  });
}

/** Rewrites `server`'s entry to run under `mcp-conf watch stdio --`. Throws `WrapError` for what cannot be wrapped. */
export function wrapServer(text: string, client: ClientConfig, server: string, launcher: Launcher): EntryResult {
  const { command, args } = stdioEntry(text, client, server);
  const argList = args ? stringArgs(args.parent!.parent!) : [];
  if (wrappedAt(argList) !== undefined) return { changed: false, why: "is already wrapped" };
  const prefix = [...launcher.args, ...WATCH, String(command.value)].map((word) => JSON.stringify(word)).join(", ");
  const edits = [{ offset: command.offset, length: command.length, content: JSON.stringify(launcher.command) }];
  if (!args) edits.push({ offset: command.offset + command.length, length: 0, content: `, "args": [${prefix}]` });
  else if ((args.children ?? []).length === 0) edits.push({ offset: args.offset + 1, length: 0, content: prefix });
  else edits.push({ offset: args.children![0]!.offset, length: 0, content: `${prefix}, ` });
  return { changed: true, text: applyEdits(text, edits) };
}

/** Restores `server`'s entry as it was before `wrapServer`. Throws `WrapError` for a missing or non-stdio entry. */
export function unwrapServer(text: string, client: ClientConfig, server: string): EntryResult {
  const { command, args } = stdioEntry(text, client, server);
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
  return { changed: true, text: applyEdits(text, edits) };
}

/** The text of `server`'s entry (for a dry run). */
export function entryText(text: string, client: ClientConfig, server: string): string {
  const entry = entryNode(parse(text), client, server);
  return text.slice(entry.offset, entry.offset + entry.length);
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
  const entry = findNodeAtLocation(servers, [server]);
  if (!entry) {
    const names = (servers.children ?? []).map((p) => JSON.stringify(p.children![0]!.value)).join(", ");
    throw new WrapError(`no server ${JSON.stringify(server)} in "${client.serversKey}" (it has ${names || "none"})`);
  }
  if (entry.type !== "object") throw new WrapError(`the entry of ${JSON.stringify(server)} is not an object`);
  return entry;
}

function stdioEntry(text: string, client: ClientConfig, server: string): { command: Node; args: Node | undefined } {
  const entry = entryNode(parse(text), client, server);
  const command = findNodeAtLocation(entry, ["command"]);
  if (command?.type !== "string") {
    const url = findNodeAtLocation(entry, ["url"]) ?? findNodeAtLocation(entry, ["serverUrl"]);
    throw new WrapError(
      url
        ? `${JSON.stringify(server)} is an HTTP server; put \`mcp-conf watch http --upstream URL\` in front of it (docs/wrap.md)`
        : `${JSON.stringify(server)} has no "command" string`,
    );
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
