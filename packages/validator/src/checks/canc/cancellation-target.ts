/**
 * What a cancellation may name: a request the canceller itself issued earlier (same direction), still in flight,
 * never `initialize`, never a task (tasks are cancelled with tasks/cancel), and it must name one at all.
 */
import { type Exchange, hasCapability, type JsonRpcId, type MessageRef } from "@mcp-conf/session";
import type { CheckContext, CheckDefinition } from "../../engine/types.js";
import { LISTEN } from "../support/listen-teardowns.js";
import { cancelledId, paramsOf } from "../support/readers.js";
import { methodTypes } from "../support/schema-methods.js";
import { taskCapabilityPath } from "../support/tasks.js";
import { type IssuedRequest, type IssuedRequests, issuedRequests } from "./issued-requests.js";

const CANCELLED = "notifications/cancelled";

/**
 * The message handler of a check over requests and cancellations: keeps every request in the trace's ledger and
 * hands each cancellation that names a valid request id to `onCancel`.
 */
function onCancellation(
  issued: IssuedRequests,
  onCancel: (ref: MessageRef, id: JsonRpcId) => void,
): (ref: MessageRef) => void {
  return (ref) => {
    if (ref.message.type === "request") {
      issued.observeRequest(ref);
      return;
    }
    const id = cancelledId(ref);
    if (id !== undefined) onCancel(ref, id);
  };
}

/**
 * A check of each cancellation that names a request its sender issued: `judge` sees that request as observed so far
 * (whether and when it was answered, whether the answer created a task). Other cancellations are left alone.
 */
function issuedTargetCheck(
  id: string,
  description: string,
  judge: (ctx: CheckContext, ref: MessageRef, id: JsonRpcId, target: IssuedRequest) => void,
): CheckDefinition {
  return {
    id,
    description,
    subscribe: { messages: ["*request", CANCELLED], exchanges: ["*request"] },
    create(ctx) {
      const issued = issuedRequests(ctx.facts);
      return {
        message: onCancellation(issued, (ref, id) => {
          const target = issued.lookup(ref, id);
          if (target) judge(ctx, ref, id, target);
        }),
        exchange(x: Exchange) {
          issued.observeExchange(x);
        },
      };
    },
  };
}

export const referencesIssuedRequest: CheckDefinition = {
  id: "canc.references-issued-request",
  description: "A cancellation names a request previously issued by the canceller, in the same direction.",
  subscribe: { messages: ["*request", CANCELLED] },
  create(ctx) {
    const issued = issuedRequests(ctx.facts);
    return {
      message: onCancellation(issued, (ref, id) => {
        // Where subscriptions/listen exists, a server cancels only listen streams: canc.server-cancels-only-listen.
        if (ref.direction === "server-to-client" && methodTypes(ctx.revision)?.result.has(LISTEN)) return;
        ctx.examined();
        if (issued.lookup(ref, id) || issued.forgotten) return;
        const other = issued.issuedByOtherSide(ref, id);
        ctx.report(
          ref.seq,
          other
            ? `cancels request id ${JSON.stringify(id)}, which the other side issued (${JSON.stringify(other.method)}, seq ${other.seq}), not the canceller`
            : `cancels request id ${JSON.stringify(id)}, which was never issued in this direction`,
        );
      }),
    };
  },
};

export const requestInFlight = issuedTargetCheck(
  "canc.request-in-flight",
  "A cancellation names a request that has not been answered yet.",
  (ctx, ref, id, target) => {
    // Cancelling initialize and cancelling a task are judged by their own checks.
    if (target.createdTask || target.method === "initialize") return;
    ctx.examined();
    if (target.answeredSeq !== undefined && target.answeredSeq < ref.seq) {
      ctx.report(
        ref.seq,
        `cancels request id ${JSON.stringify(id)} (${JSON.stringify(target.method)}), already answered at seq ${target.answeredSeq}`,
      );
    }
  },
);

export const initializeNotCancelled: CheckDefinition = {
  id: "canc.initialize-not-cancelled",
  description: "A client never cancels its initialize request.",
  subscribe: { messages: ["initialize", CANCELLED] },
  create(ctx) {
    const initializeIds = new Set<string>();
    return {
      message(ref: MessageRef) {
        if (ref.direction !== "client-to-server") return;
        if (ref.message.type === "request") {
          if (initializeIds.size < 16) initializeIds.add(JSON.stringify(ref.message.id));
          return;
        }
        const id = cancelledId(ref);
        if (id === undefined) return;
        ctx.examined();
        if (initializeIds.has(JSON.stringify(id))) {
          ctx.report(ref.seq, `the client cancels its initialize request (id ${JSON.stringify(id)})`);
        }
      },
    };
  },
};

export const taskNotCancelledByNotification = issuedTargetCheck(
  "canc.task-not-cancelled-by-notification",
  "A task-augmented request is cancelled with tasks/cancel, never with notifications/cancelled.",
  (ctx, ref, id, target) => {
    ctx.examined();
    const becomesTask =
      target.createdTask ||
      (target.taskAugmented &&
        target.answeredSeq === undefined &&
        hasCapability(ctx.facts, taskCapabilityPath(target.method, ref.direction)));
    if (becomesTask) {
      ctx.report(
        ref.seq,
        `notifications/cancelled names task-augmented ${JSON.stringify(target.method)} request id ${JSON.stringify(id)}; a task is cancelled with tasks/cancel`,
      );
    }
  },
);

export const requestIdPresent: CheckDefinition = {
  id: "canc.request-id-present",
  description: "A cancellation notification carries the requestId of the request it cancels.",
  subscribe: { messages: [CANCELLED] },
  create(ctx) {
    return {
      message(ref: MessageRef) {
        if (ref.message.type !== "notification") return;
        ctx.examined();
        if (paramsOf(ref)?.requestId === undefined) ctx.report(ref.seq, "notifications/cancelled carries no requestId");
      },
    };
  },
};
