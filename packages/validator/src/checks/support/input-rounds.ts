/**
 * Server-to-client requests made the 2026-07-28 way. There the server sends no request of its own: it answers a
 * client's request with an InputRequiredResult whose `inputRequests` hold elicitation, sampling and roots requests,
 * and the client answers them in the `inputResponses` of its retry (basic/patterns/mrtr). `viaInputRequests(check)`
 * hands a check written for those requests (subscribed to them by method) each input request as a server-to-client
 * request at the InputRequiredResult's seq, then the exchange with the matching input response as its answer at the
 * retry's seq (no answer: the retry lacks it, or no retry came) — so one check judges the requests of both eras, and
 * a finding is owed by the side that sent the message it points at. While it judges an input request, the client's
 * capabilities the check reads are the ones the request that drew it declared (2026 declares them per request).
 * The rounds are read once per judge (`inputRounds`, a shared reading) and handed to every wrapped check.
 */

import type { Exchange, MessageRef, RequestRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckContext, CheckDefinition, Reading } from "../../engine/types.js";
import { METHOD_TABLES } from "../../generated/methods.js";
import { BoundedMap } from "./bounded-map.js";
import { requestCapabilities } from "./modern.js";
import { type JsonObject, paramsOf, resultOf } from "./readers.js";

/** The methods an input request may have. */
export const INPUT_REQUEST_METHODS: readonly string[] = ["elicitation/create", "sampling/createMessage", "roots/list"];

/** Client requests any vendored schema lets a server answer with an InputRequiredResult. */
export const INPUT_REQUIRED_METHODS: readonly string[] = [
  ...new Set(Object.values(METHOD_TABLES).flatMap((t) => t.inputRequired)),
];

/** Input rounds awaiting their retry, per subject; past this the oldest are forgotten. */
const MAX_PENDING = 1000;

/** The input requests of one InputRequiredResult, by key, and the client capabilities its request declared. */
interface Round {
  capabilities: JsonObject;
  requests: Map<string, RequestRef>;
}

/** What a request is about: its method and the tool, prompt or resource it names (a retry repeats it). */
export function subjectOf(method: string, params: JsonObject | undefined): string {
  const name = params?.name ?? params?.uri;
  return `${method}\u0000${typeof name === "string" ? name : ""}`;
}

/** The InputRequiredResult a client request drew; undefined for any other exchange. */
export function inputRequiredResult(x: Exchange): JsonObject | undefined {
  if (x.type !== "request" || x.request.direction !== "client-to-server") return undefined;
  const result = resultOf(x.response);
  return result?.resultType === "input_required" ? result : undefined;
}

/** One input request as the server-to-client request it stands for, carried by the InputRequiredResult's message. */
function inputRequestRef(carrier: MessageRef, key: string, entry: JsonObject): RequestRef {
  const message = { type: "request" as const, id: key, method: String(entry.method), raw: entry, problems: [] };
  return {
    seq: carrier.seq,
    direction: "server-to-client",
    event: carrier.event,
    message: entry.params === undefined ? message : { ...message, params: entry.params },
  };
}

/** An input response as the result answering its input request, carried by the retry's message. */
function inputResponseRef(carrier: MessageRef, key: string, value: unknown): MessageRef {
  return {
    seq: carrier.seq,
    direction: "client-to-server",
    event: carrier.event,
    message: { type: "result", id: key, result: value, raw: value, problems: [] },
  };
}

/** What the input-rounds reading hands its readers: an input request, then its input response (null: none came). */
export type InputRoundItem =
  | { kind: "request"; request: RequestRef; capabilities: JsonObject }
  | { kind: "answer"; request: RequestRef; response: MessageRef | null; capabilities: JsonObject };

/**
 * One reading of the input rounds per judge, shared by every wrapped check: each input request of an
 * InputRequiredResult, then its answer when the retry comes (or a newer round for the same subject, or the end).
 */
export const inputRounds: Reading<InputRoundItem> = {
  id: "input-rounds",
  subscribe: { messages: ["*request"], exchanges: INPUT_REQUIRED_METHODS },
  create(_ctx, emit) {
    /** Per subject, the input requests of the last InputRequiredResult (by key) and the capabilities declared. */
    const pending = new BoundedMap<string, Round>(MAX_PENDING);
    const answer = (round: Round, request: RequestRef, response: MessageRef | null) =>
      emit({ kind: "answer", request, response, capabilities: round.capabilities });
    const unanswered = (round: Round | undefined) => {
      for (const request of round?.requests.values() ?? []) answer(round!, request, null);
    };
    return {
      message(ref: MessageRef) {
        const m = ref.message;
        if (m.type !== "request" || ref.direction !== "client-to-server" || pending.size === 0) return;
        const params = paramsOf(ref);
        const subject = subjectOf(m.method, params);
        const round = pending.get(subject);
        if (!round) return;
        pending.delete(subject);
        const responses = isPlainObject(params?.inputResponses) ? params.inputResponses : {};
        for (const [key, request] of round.requests) {
          answer(round, request, Object.hasOwn(responses, key) ? inputResponseRef(ref, key, responses[key]) : null);
        }
      },
      exchange(x: Exchange) {
        const result = inputRequiredResult(x);
        if (!result || x.type !== "request" || !isPlainObject(result.inputRequests)) return;
        const round: Round = { capabilities: requestCapabilities(x.request) ?? {}, requests: new Map() };
        for (const [key, entry] of Object.entries(result.inputRequests)) {
          if (!isPlainObject(entry) || !INPUT_REQUEST_METHODS.includes(String(entry.method))) continue;
          const request = inputRequestRef(x.response!, key, entry);
          round.requests.set(key, request);
          emit({ kind: "request", request, capabilities: round.capabilities });
        }
        const params = isPlainObject(x.request.message.params) ? x.request.message.params : undefined;
        const subject = subjectOf(x.method, params);
        unanswered(pending.get(subject));
        pending.set(subject, round);
      },
      finish() {
        for (const round of pending.values()) unanswered(round);
      },
    };
  },
};

/**
 * The check, judging input requests and their input responses (read off `inputRounds`) besides the requests it
 * subscribed to. Only checks subscribed by exact method name to input request methods are wrapped (a `*` selector
 * would see them twice).
 */
export function viaInputRequests(check: CheckDefinition): CheckDefinition<InputRoundItem> {
  const messages = new Set(check.subscribe.messages ?? []);
  const exchanges = new Set(check.subscribe.exchanges ?? []);
  for (const selector of [...messages, ...exchanges]) {
    if (selector.startsWith("*")) throw new Error(`${check.id}: viaInputRequests needs exact method subscriptions`);
  }
  return {
    id: check.id,
    description: check.description,
    ...(check.tags === undefined ? {} : { tags: check.tags }),
    subscribe: check.subscribe,
    reads: inputRounds,
    create(ctx) {
      /** The capabilities of the request whose input requests are being judged; undefined for any other message. */
      let declared: JsonObject | undefined;
      const scoped: CheckContext = Object.create(ctx, {
        facts: { get: () => (declared === undefined ? ctx.facts : { ...ctx.facts, clientCapabilities: declared }) },
      });
      const inner = check.create(scoped);
      const judging = (capabilities: JsonObject, judge: () => void) => {
        declared = capabilities;
        try {
          judge();
        } finally {
          declared = undefined;
        }
      };
      return {
        ...inner,
        message(ref: MessageRef) {
          if (ref.message.type === "request") inner.message?.(ref);
        },
        exchange(x: Exchange) {
          if (x.type === "request" && x.request.direction === "server-to-client") inner.exchange?.(x);
        },
        read(item: InputRoundItem) {
          const method = item.request.message.method;
          if (item.kind === "request") {
            if (messages.has(method)) judging(item.capabilities, () => inner.message?.(item.request));
          } else if (exchanges.has(method)) {
            const { request, response } = item;
            judging(item.capabilities, () => inner.exchange?.({ type: "request", method, request, response }));
          }
        },
      };
    },
  };
}
