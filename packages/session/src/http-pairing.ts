/**
 * The HTTP pairing: which HTTP request a response answers. Since recorder 0.2 the recording proxy writes it into the
 * trace — the same `exchange` number on a request's `http` event and on its response's — so a reader looks it up
 * instead of guessing among the requests in flight. Only a trace without it (an older recorder, another tool) leaves
 * the reader to infer the pairing.
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
