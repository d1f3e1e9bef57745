/**
 * @mcp-conf/client-config: MCP clients' configuration files, edited byte for byte — where each client keeps its
 * servers and its file, listing the servers of a file, and rewriting one server entry to run under a recorder (and
 * back), every other byte of the file kept as it was read. `mcp-conf wrap` and `unwrap` are this package behind the
 * command line.
 */

/** The clients whose files are known: where each keeps its servers and its file on each operating system. */
export {
  CLIENT_CONFIGS,
  CLIENTS,
  type ClientConfig,
  type ClientName,
  defaultConfigPath,
  type Place,
} from "./clients.js";
/** A configuration file as bytes that edits keep (a byte order mark, bytes that are not UTF-8 elsewhere). */
export { ConfigDocument, NotUtf8Error, type TextEdit } from "./config-document.js";
/** Listing a file's servers, and wrapping one entry (stdio or URL) and unwrapping it again. */
export {
  type EntryResult,
  entryText,
  type Launcher,
  listServers,
  type ProxyPlan,
  proxyCommand,
  proxyPort,
  type ServerSummary,
  unwrapServer,
  WrapError,
  wrapServer,
} from "./entry.js";
/** A wrapped URL entry's credentials, held by its proxy in a file of yours instead of sent to the loopback port. */
export {
  HELD_VALUE,
  type HeldCredentials,
  readHeldCredentials,
  writeHeldCredentials,
} from "./held.js";
/** Several entries of one file wrapped or unwrapped in one pass (`wrap --all`). */
export { type ServersEdit, unwrapServers, wrapServers } from "./servers-edit.js";
