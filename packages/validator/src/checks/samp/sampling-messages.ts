/**
 * The tool loop inside sampling messages: a user message holding tool results holds nothing else; every assistant
 * tool use is answered by the very next message, made only of tool results, one per tool use id; every tool
 * result answers an earlier tool use; a client refuses (-32602) a request that breaks these rules.
 */

import type { Exchange, MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { errorCodeOf, paramsOf } from "../support/readers.js";

const CREATE = "sampling/createMessage";

type Block = Record<string, unknown>;

/** The content blocks of one sampling message (single block or array). */
export function blocksOf(message: unknown): Block[] {
  if (!isPlainObject(message)) return [];
  const content = message.content;
  const list = Array.isArray(content) ? content : [content];
  return list.filter(isPlainObject);
}

function messagesOf(ref: MessageRef): unknown[] {
  const messages = paramsOf(ref)?.messages;
  return Array.isArray(messages) ? messages : [];
}

/** Index of the first message mixing tool results with other content, or -1. */
export function mixedToolResultMessage(messages: unknown[]): { index: number; others: string[] } | undefined {
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message);
    if (!blocks.some((b) => b.type === "tool_result")) continue;
    const others = [...new Set(blocks.filter((b) => b.type !== "tool_result").map((b) => String(b.type)))];
    if (others.length > 0) return { index, others };
  }
  return undefined;
}

/** The first assistant tool use not answered by the next message's tool results, if any. */
export function unansweredToolUse(messages: unknown[]): { index: number; problem: string } | undefined {
  for (const [index, message] of messages.entries()) {
    const uses = blocksOf(message).filter((b) => b.type === "tool_use");
    if (uses.length === 0) continue;
    const next = messages[index + 1];
    if (next === undefined) return { index, problem: "is the last message: its tool uses have no results" };
    const nextBlocks = blocksOf(next);
    if (!isPlainObject(next) || next.role !== "user") {
      return { index, problem: "is not followed by a user message with its tool results" };
    }
    const answered = new Set(nextBlocks.map((b) => b.toolUseId));
    const missing = uses.map((u) => u.id).filter((id) => !answered.has(id));
    if (missing.length > 0)
      return { index, problem: `has tool uses without results: ${missing.map((m) => JSON.stringify(m)).join(", ")}` };
  }
  return undefined;
}

/** The first tool result whose toolUseId matches no earlier tool use, if any. */
export function orphanToolResult(messages: unknown[]): { index: number; toolUseId: unknown } | undefined {
  const uses = new Set<unknown>();
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message);
    for (const b of blocks) {
      if (b.type === "tool_result" && !uses.has(b.toolUseId)) return { index, toolUseId: b.toolUseId };
    }
    for (const b of blocks) if (b.type === "tool_use") uses.add(b.id);
  }
  return undefined;
}

function hasToolContent(messages: unknown[]): boolean {
  return messages.some((m) => blocksOf(m).some((b) => b.type === "tool_use" || b.type === "tool_result"));
}

function requestCheck(
  id: string,
  description: string,
  judge: (messages: unknown[]) => string | undefined,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: [CREATE] },
    create(ctx) {
      return {
        message(ref: MessageRef) {
          if (ref.message.type !== "request" || ref.direction !== "server-to-client") return;
          const messages = messagesOf(ref);
          if (!hasToolContent(messages)) return;
          ctx.examined();
          const problem = judge(messages);
          if (problem) ctx.report(ref.seq, problem);
        },
      };
    },
  };
}

export const toolResultsNotMixed = requestCheck(
  "samp.tool-results-not-mixed",
  "A sampling message holding tool results holds only tool results.",
  (messages) => {
    const mixed = mixedToolResultMessage(messages);
    return (
      mixed &&
      `messages[${mixed.index}] mixes tool_result with other content: ${mixed.others.map((o) => JSON.stringify(o)).join(", ")}`
    );
  },
);

export const toolUsesAnswered = requestCheck(
  "samp.tool-uses-answered",
  "Every assistant message with tool uses is followed by a user message of tool results matching each tool use.",
  (messages) => {
    const open = unansweredToolUse(messages);
    return open && `messages[${open.index}] ${open.problem}`;
  },
);

export const toolResultMatchesToolUse = requestCheck(
  "samp.tool-result-matches-tool-use",
  "Every tool result's toolUseId matches an earlier tool use.",
  (messages) => {
    const orphan = orphanToolResult(messages);
    return (
      orphan &&
      `messages[${orphan.index}] has a tool_result for toolUseId ${JSON.stringify(orphan.toolUseId)}, which no earlier tool_use has`
    );
  },
);

function rejectionCheck(
  id: string,
  description: string,
  broken: (messages: unknown[]) => boolean,
  what: string,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { exchanges: [CREATE] },
    create(ctx) {
      return {
        exchange(x: Exchange) {
          if (x.type !== "request" || x.request.direction !== "server-to-client" || !x.response) return;
          // Every answer to a request carrying a tool loop is a subject; only a broken loop needs refusing.
          const messages = messagesOf(x.request);
          if (!hasToolContent(messages)) return;
          ctx.examined();
          if (!broken(messages)) return;
          const code = errorCodeOf(x.response);
          if (code !== -32602) {
            ctx.report(
              x.response.seq,
              `sampling/createMessage with ${what} was answered with ${code === undefined ? "a result" : `error code ${code}`}, not -32602`,
            );
          }
        },
      };
    },
  };
}

export const missingToolResultRejected = rejectionCheck(
  "samp.missing-tool-result-rejected",
  "A client answers a sampling request whose tool uses lack results with error -32602.",
  (messages) => unansweredToolUse(messages) !== undefined,
  "a tool use lacking its result",
);

export const mixedToolResultsRejected = rejectionCheck(
  "samp.mixed-tool-results-rejected",
  "A client answers a sampling request mixing tool results with other content with error -32602.",
  (messages) => mixedToolResultMessage(messages) !== undefined,
  "tool results mixed with other content",
);
