/**
 * Request ids (BASE-003/004/005): a string or an integer, never null, and never reused by the same requestor in
 * the same session. Uniqueness comes from the correlator's duplicate-id issues (ids are kept per direction and
 * per HTTP session there); a request the server refused at the HTTP layer (401/403, never delivered) may be
 * re-sent with its id, as clients do after authorizing.
 */

import type { CorrelationIssue, MessageRef } from "@mcp-conf/session";
import { senderOf } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { jsonType, quote } from "../support/detail.js";
import { HttpRejections } from "../support/http-rejections.js";
import { sender } from "../support/readers.js";

function requestLike(raw: unknown): raw is Record<string, unknown> & { method: string } {
  return isPlainObject(raw) && typeof raw.method === "string" && "id" in raw;
}

export const requestIdType: CheckDefinition = {
  id: "base.request-id-type",
  description: "A request id is a string or an integer.",
  subscribe: { messages: ["*request", "*invalid"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const raw = ref.message.raw;
        if (!requestLike(raw) || raw.id === null) return; // null ids: BASE-004
        ctx.examined();
        const id = raw.id;
        if (typeof id === "string" || (typeof id === "number" && Number.isInteger(id))) return;
        ctx.report(
          ref.seq,
          `${sender(ref)} request ${quote(raw.method)} has id ${quote(id)} (${jsonType(id)}); a request id must be a string or an integer`,
        );
      },
    };
  },
};

export const requestIdNotNull: CheckDefinition = {
  id: "base.request-id-not-null",
  description: "A request id is never null.",
  subscribe: { messages: ["*request", "*invalid"] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        const raw = ref.message.raw;
        if (!requestLike(raw)) return;
        ctx.examined();
        if (raw.id === null) ctx.report(ref.seq, `${sender(ref)} request ${quote(raw.method)} has a null id`);
      },
    };
  },
};

export const requestIdUnique: CheckDefinition = {
  id: "base.request-id-unique",
  description: "A requestor never reuses a request id within a session.",
  subscribe: { messages: ["*request"], events: ["http", "message"], issues: true },
  create(ctx) {
    const rejections = new HttpRejections();
    return {
      event(event) {
        rejections.observe(event);
      },
      message(ref: MessageRef) {
        if (ref.message.type === "request") ctx.examined();
      },
      issue(issue: CorrelationIssue) {
        if (issue.kind !== "duplicate-id" || issue.id === undefined || issue.id === null) return;
        if (rejections.takeResent(issue.direction, issue.id)) return;
        const who = senderOf(issue.direction);
        ctx.report(issue.seq, `${who} reused request id ${quote(issue.id)} within the same session`);
      },
    };
  },
};
