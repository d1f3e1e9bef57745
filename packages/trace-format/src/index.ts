/**
 * @mcp-conf/trace-format: the one language every mcp-conf package speaks — the trace event, its JSONL reading and
 * writing, canonical JSON, terminal-safe text, and the exchange model that pairs requests with their answers.
 */

export {
  type CorrelationIssue,
  type CorrelationIssueKind,
  Correlator,
  type Exchange,
  idKey,
  type MessageRef,
  type Observation,
  type RequestRef,
} from "./correlator.js";
export {
  classifyMessage,
  isPlainObject,
  type JsonRpcError,
  type JsonRpcId,
  type JsonRpcInvalid,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResult,
  jsonTypeOf,
} from "./jsonrpc.js";
export {
  declaredVersion,
  hasCapability,
  type SessionFacts,
  SessionFactsTracker,
  STATELESS_VERSION_META_KEY,
} from "./session-facts.js";
export * from "./types.js";
