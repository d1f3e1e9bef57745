/**
 * Error codes an implementation allocates for its own purposes lie outside the JSON-RPC reserved range
 * -32768…-32000 (2026-07-28, basic/index#error-codes). Inside it, JSON-RPC's own codes are in use, and the sub-range
 * -32000…-32099 is MCP's, judged by its own clauses (legacy, reserved and withdrawn codes); anything else there is a
 * code allocated where it should not be.
 */
import type { MessageRef } from "@mcp-conf/session";
import { messageRuleCheck } from "../support/message-rule.js";
import { errorOf } from "../support/modern.js";
import { sender } from "../support/readers.js";

const JSONRPC_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);
/** The JSON-RPC reserved range below MCP's sub-range -32000…-32099. */
const RESERVED_LOW = -32768;
const RESERVED_HIGH = -32100;

export const errorCodeOutsideReserved = messageRuleCheck({
  id: "base.error-code-outside-reserved",
  description: "An error code of the implementation's own lies outside the JSON-RPC reserved range -32768…-32000.",
  subscribe: { messages: ["*response"] },
  subject(ref: MessageRef) {
    const code = errorOf(ref)?.code;
    return typeof code === "number" ? { code, ref } : undefined;
  },
  judge: ({ code, ref }) =>
    code >= RESERVED_LOW && code <= RESERVED_HIGH && !JSONRPC_CODES.has(code)
      ? `the ${sender(ref)} sent error ${code}, in the JSON-RPC reserved range -32768…-32000 but neither a JSON-RPC code nor one MCP defines`
      : undefined,
});
