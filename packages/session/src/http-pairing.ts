/**
 * The HTTP pairing: which HTTP request a response answers. Since recorder 0.2 the recording proxy writes it into the
 * trace — the same `exchange` number on a request's `http` event and on its response's — so a reader looks it up
 * instead of guessing among the requests in flight. Only a trace without it (an older recorder, another tool) leaves
 * the pairing to inference, written once here (`answeredRequestIndex`).
 */
/** A request or response as a reader keeps it: its `exchange` as the recorder wrote it on the `http` event. */
export interface PairableRequest {
  exchange?: number | undefined;
}

/**
 * The index in `waiting` of the request `response` answers, when the trace records the pairing: -1 when it names an
 * exchange no waiting request has. Undefined when the response carries no `exchange`: the caller must infer.
 */
export function recordedRequestIndex(
  waiting: readonly PairableRequest[],
  response: PairableRequest,
): number | undefined {
  if (response.exchange === undefined) return undefined;
  return waiting.findIndex((request) => request.exchange === response.exchange);
}

/**
 * The index in `waiting` of the request `response` answers (-1: none). The recorded pairing when the trace has it;
 * else, in an older trace, inferred: the request that carried the JSON-RPC request the response's first message
 * answers (`answers`, its `idKey`), else for a 202 the first request that carried no JSON-RPC request, else the
 * oldest waiting. `requestIds` gives the JSON-RPC request ids (`idKey`) a waiting request carried.
 */
export function answeredRequestIndex<R extends PairableRequest>(
  waiting: readonly R[],
  response: PairableRequest & { readonly status?: number | undefined },
  answers: string | undefined,
  requestIds: (request: R) => readonly string[],
): number {
  const recorded = recordedRequestIndex(waiting, response);
  if (recorded !== undefined) return recorded;
  let index = answers === undefined ? -1 : waiting.findIndex((request) => requestIds(request).includes(answers));
  if (index < 0 && response.status === 202) index = waiting.findIndex((request) => requestIds(request).length === 0);
  if (index < 0) index = waiting.length > 0 ? 0 : -1;
  return index;
}
