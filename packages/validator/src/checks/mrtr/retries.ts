/**
 * The client's retry of a request that drew an InputRequiredResult — the next request of the same method naming the
 * same tool, prompt or resource: it has a new id (mrtr.retry-id-differs), echoes the exact requestState
 * (mrtr.retry-echoes-state), never a modified one (mrtr.state-not-modified), and invents none
 * (mrtr.retry-no-invented-state), answers every input request (mrtr.retry-answers-inputs); a requestState is never
 * sent on another request (mrtr.state-not-reused); and the server asks again for an input a retry left out rather
 * than answering it with an error (mrtr.missing-input-re-asked).
 */

import { type Exchange, idKey, type JsonRpcId, type MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition, Reading } from "../../engine/types.js";
import { BoundedMap } from "../support/bounded-map.js";
import { quote } from "../support/detail.js";
import { inputRequiredResult, subjectOf } from "../support/input-rounds.js";
import { paramsOf } from "../support/readers.js";

interface Pending {
  id: JsonRpcId;
  seq: number;
  requestState: unknown;
  inputKeys: string[];
}

const MAX_PENDING = 1000;

interface Lookup<V> {
  get(key: string): V | undefined;
}

/**
 * What the retries reading hands its checks: each client request that retries an InputRequiredResult or carries a
 * requestState (no other request concerns them), and the answer to each retry.
 */
type RetryItem =
  | {
      kind: "request";
      ref: MessageRef;
      params: Record<string, unknown> | undefined;
      /** The InputRequiredResult this request retries, if it does. */
      pending: Pending | undefined;
      /** requestState value → the subject it was issued for. */
      states: Lookup<string>;
    }
  | { kind: "answered"; exchange: Exchange & { type: "request"; response: MessageRef }; pending: Pending };

/** One reading per judge of the InputRequiredResults and the retries that follow them, shared by the checks below. */
const retries: Reading<RetryItem> = {
  id: "mrtr-retries",
  subscribe: { messages: ["*request"], exchanges: ["*request"] },
  create(_ctx, emit) {
    const pending = new BoundedMap<string, Pending>(MAX_PENDING);
    const states = new BoundedMap<string, string>(MAX_PENDING);
    /** Retries by request id key, with the InputRequiredResult they answer. */
    const retried = new BoundedMap<string, Pending>(MAX_PENDING);
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server") return;
        const params = paramsOf(ref);
        const subject = pending.size === 0 ? undefined : subjectOf(m.method, params);
        const before = subject === undefined ? undefined : pending.get(subject);
        if (before) {
          pending.delete(subject!);
          retried.set(idKey(m.id), before);
        }
        if (before || typeof params?.requestState === "string") {
          emit({ kind: "request", ref, params, pending: before, states });
        }
      },
      exchange(x: Exchange) {
        const result = inputRequiredResult(x);
        if (result && x.type === "request") {
          const subject = subjectOf(
            x.method,
            isPlainObject(x.request.message.params) ? x.request.message.params : undefined,
          );
          const inputKeys = isPlainObject(result.inputRequests) ? Object.keys(result.inputRequests) : [];
          pending.set(subject, {
            id: x.request.message.id,
            seq: x.response!.seq,
            requestState: result.requestState,
            inputKeys,
          });
          if (typeof result.requestState === "string") states.set(result.requestState, subject);
        }
        if (x.type !== "request" || x.request.direction !== "client-to-server" || !x.response) return;
        const retry = retried.get(idKey(x.request.message.id));
        if (retry) emit({ kind: "answered", exchange: { ...x, response: x.response }, pending: retry });
      },
    };
  },
};

/** A check over the retries reading: `judge` for each request it hands over, `answered` for each retry's answer. */
function retryCheck(
  id: string,
  description: string,
  judge: (
    ctx: CheckContext,
    ref: MessageRef,
    params: Record<string, unknown> | undefined,
    pending: Pending | undefined,
    states: Lookup<string>,
  ) => void,
  answered?: (ctx: CheckContext, x: Exchange & { type: "request"; response: MessageRef }, pending: Pending) => void,
): CheckDefinition<RetryItem> {
  return {
    id,
    description,
    subscribe: {},
    reads: retries,
    create(ctx) {
      return {
        read(item: RetryItem) {
          if (item.kind === "request") judge(ctx, item.ref, item.params, item.pending, item.states);
          else answered?.(ctx, item.exchange, item.pending);
        },
      };
    },
  };
}

export const retryIdDiffers = retryCheck(
  "mrtr.retry-id-differs",
  "The retry of a request that drew an InputRequiredResult has a different id.",
  (ctx, ref, _params, pending) => {
    if (!pending || ref.message.type !== "request") return;
    ctx.examined();
    if (idKey(ref.message.id) === idKey(pending.id))
      ctx.report(ref.seq, `the retry reuses id ${quote(pending.id)} of the request that drew the InputRequiredResult`);
  },
);

export const retryEchoesState = retryCheck(
  "mrtr.retry-echoes-state",
  "The retry echoes the exact requestState of the InputRequiredResult.",
  (ctx, ref, params, pending) => {
    if (!pending || pending.requestState === undefined) return;
    ctx.examined();
    if (params?.requestState !== pending.requestState)
      ctx.report(
        ref.seq,
        `the retry carries requestState ${quote(params?.requestState ?? null)}, not the ${quote(pending.requestState)} it was given`,
      );
  },
);

export const retryNoInventedState = retryCheck(
  "mrtr.retry-no-invented-state",
  "The retry of an InputRequiredResult without requestState carries none.",
  (ctx, ref, params, pending) => {
    if (!pending || pending.requestState !== undefined) return;
    ctx.examined();
    if (params?.requestState !== undefined)
      ctx.report(
        ref.seq,
        `the retry carries requestState ${quote(params.requestState)}, though the InputRequiredResult held none`,
      );
  },
);

export const retryAnswersInputs = retryCheck(
  "mrtr.retry-answers-inputs",
  "The retry answers every input request in inputResponses.",
  (ctx, ref, params, pending) => {
    if (!pending || pending.inputKeys.length === 0) return;
    ctx.examined();
    const missing = missingInputs(params, pending);
    if (missing.length > 0)
      ctx.report(ref.seq, `the retry's inputResponses lack ${missing.map((k) => quote(k)).join(", ")}`);
  },
);

export const stateNotReused = retryCheck(
  "mrtr.state-not-reused",
  "A requestState is sent only on the retry of the request it was issued for.",
  (ctx, ref, params, pending, states) => {
    const state = params?.requestState;
    if (typeof state !== "string" || ref.message.type !== "request") return;
    const issuedFor = states.get(state);
    if (issuedFor === undefined) return;
    ctx.examined();
    if (!pending || issuedFor !== subjectOf(ref.message.method, params))
      ctx.report(
        ref.seq,
        `the ${quote(ref.message.method)} request carries requestState ${quote(state)}, issued for another request`,
      );
  },
);

export const stateNotModified = retryCheck(
  "mrtr.state-not-modified",
  "A retry that carries a requestState carries the one the InputRequiredResult gave, unmodified.",
  (ctx, ref, params, pending) => {
    if (typeof pending?.requestState !== "string" || params?.requestState === undefined) return;
    ctx.examined();
    if (params.requestState !== pending.requestState)
      ctx.report(
        ref.seq,
        `the retry carries requestState ${quote(params.requestState)}, a modified form of the ${quote(pending.requestState)} it was given`,
      );
  },
);

/** The input request keys a retry's inputResponses leave out. */
function missingInputs(params: Record<string, unknown> | undefined, pending: Pending): string[] {
  const responses = isPlainObject(params?.inputResponses) ? params.inputResponses : {};
  return pending.inputKeys.filter((key) => !Object.hasOwn(responses, key));
}

export const missingInputReAsked = retryCheck(
  "mrtr.missing-input-re-asked",
  "A retry that leaves out a requested input is answered with a new InputRequiredResult or a result, not an error.",
  () => {},
  (ctx, x, pending) => {
    ctx.examined();
    const missing = missingInputs(
      isPlainObject(x.request.message.params) ? x.request.message.params : undefined,
      pending,
    );
    if (missing.length > 0 && x.response.message.type === "error")
      ctx.report(
        x.response.seq,
        `the retry left out ${missing.map((k) => quote(k)).join(", ")} and the server answered with an error instead of asking for it again in a new InputRequiredResult`,
      );
  },
);
