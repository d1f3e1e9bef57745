/**
 * @mcp-conf/sample-sessions: real MCP sessions on demand, for a demo, a test suite or a gateway's smoke test. The
 * official SDK clients run scripted sessions against real servers — @modelcontextprotocol/server-everything, and the
 * SDK v2 server at 2026-07-28 — through any command that relays stdio to the server (`mcp-conf watch stdio`, your
 * recorder or gateway). The peers are found where they resolve, else installed once, pinned, into the state directory.
 */

/** A client transport over a child process of our own: its exit code, and all it printed before the session returns. */
export { ChildProcessTransport } from "./child-transport.js";
/** The scripted session with server-everything (a ping reusing the initialize id: one finding to show). */
export { runEverythingSession, type SampleSessionOptions } from "./everything-session.js";
/** The peers: found where they resolve, else installed once into the state directory. */
export {
  type LoadSamplePeersOptions,
  loadSamplePeers,
  type ModernClient,
  SAMPLE_PEERS,
  type SamplePeers,
} from "./peers.js";
/** The 2026-07-28 session of the SDK v2 client and server. */
export { runModernSession } from "./sdk-v2-session.js";
