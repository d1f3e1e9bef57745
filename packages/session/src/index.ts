/**
 * @mcp-conf/session: what the events of a trace mean as an MCP session — each message classified as JSON-RPC, each
 * answer paired with its request (the exchange model), the HTTP pairing, and the session's facts (revision,
 * capabilities, identities) under either era's handshake. Everything that reads a trace reads this model.
 */

/** Forgets a map's or set's oldest entries in batches once it outgrows a limit. */
export { trimOldest } from "./bounded.js";
export {
  /** The exchange model's correlation defects: a duplicate id, a response to nothing, a batch, … */
  type CorrelationIssue,
  /** The closed set of correlation issue kinds. */
  type CorrelationIssueKind,
  /** Pairs responses with requests over a trace fed in seq order. */
  Correlator,
  /** A request with its answer, a notification, an orphan response, or an invalid message. */
  type Exchange,
  /** The key of a JSON-RPC id within an id space (1 and "1" differ). */
  idKey,
  /** One observed JSON-RPC message with its seq, direction and HTTP session. */
  type MessageRef,
  /** What one observed event carried and completed. */
  type Observation,
  /** A MessageRef known to hold a request. */
  type RequestRef,
} from "./correlator.js";
/** The HTTP pairing as the recorder wrote it: which waiting request a response answers. */
export { answeredRequestIndex, type PairableRequest, recordedRequestIndex } from "./http-pairing.js";
export {
  /** Classifies one JSON value as a JSON-RPC request, notification, result, error or invalid message. */
  classifyMessage,
  /** An OAuth error body (`{"error":"invalid_token"}`), which a 401/403 may carry: no JSON-RPC message. */
  isOAuthErrorBody,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcInvalid,
  /** A classified JSON-RPC message with its raw value and shape problems. */
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResult,
} from "./jsonrpc.js";
export {
  /** The `_meta` keys of a modern request's client capabilities and identity, and of a result's server identity. */
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  /** The protocol version a session settled on (negotiated, else that of the first modern request answered). */
  declaredVersion,
  /** Whether a capability path such as `server.tools` was declared. */
  hasCapability,
  SERVER_INFO_META_KEY,
  /** Versions, capabilities and infos of either era: the initialize exchange, or `_meta` and `server/discover`. */
  type SessionFacts,
  /** Accumulates SessionFacts from events, messages and exchanges. */
  SessionFactsTracker,
  /** The `_meta` key carrying the protocol version in stateless revisions. */
  STATELESS_VERSION_META_KEY,
  /** Whether the server has declared its capabilities yet (initialize or server/discover result). */
  serverCapabilitiesKnown,
} from "./session-facts.js";
/** The side of the session that sends in a direction. */
export { senderOf } from "./sides.js";
