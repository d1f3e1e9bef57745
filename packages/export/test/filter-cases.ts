/**
 * Every token of the filter language on real recorded sessions and corpus violation traces, with the seqs of the
 * entries it must keep (read off the traces by hand). The same table drives the library's test and the viewer's
 * test in Chromium.
 */
export const STDIO = "real/everything-stdio.jsonl";
export const HTTP = "real/everything-http.jsonl";
export const FEATURES = "good/canc-everything-client-features-stdio.jsonl";

export const FILTER_CASES: { trace: string; filter: string; seqs: number[] }[] = [
  { trace: STDIO, filter: "tool:echo", seqs: [11] },
  { trace: STDIO, filter: "method:tools/list", seqs: [6] },
  { trace: STDIO, filter: "tool:get-* status:ok", seqs: [13, 15, 17, 19, 37] },
  { trace: STDIO, filter: "kind:stderr", seqs: [2] },
  { trace: STDIO, filter: "status:error", seqs: [39] },
  { trace: STDIO, filter: 'method:"ping"', seqs: [57] },
  { trace: STDIO, filter: "no-such-tool", seqs: [39] },
  { trace: FEATURES, filter: "id:2", seqs: [14, 15, 16, 17, 28] },
  { trace: FEATURES, filter: "id:3 dir:c2s", seqs: [19, 20] },
  { trace: FEATURES, filter: "task:4bceb8b3*", seqs: [84, 85, 87, 89, 91] },
  { trace: FEATURES, filter: "kind:req dir:s2c", seqs: [9, 22, 28, 32, 36, 72] },
  { trace: FEATURES, filter: "status:cancel", seqs: [19, 20] },
  { trace: FEATURES, filter: "status:cancelled", seqs: [19] },
  { trace: FEATURES, filter: "status:cancel -kind:notify", seqs: [19] },
  { trace: "violations/base-005-request-id-reused.jsonl", filter: "id:1", seqs: [4, 6] },
  { trace: "violations/base-005-request-id-reused.jsonl", filter: "status:mismatch", seqs: [6] },
  { trace: "violations/base-005-request-id-reused.jsonl", filter: "status:bad", seqs: [6] },
  { trace: "violations/canc-007-response-after-cancel.jsonl", filter: "status:late", seqs: [4] },
  { trace: "violations/base-006-result-unknown-id.jsonl", filter: "kind:resp", seqs: [1, 4, 6] },
  { trace: "violations/base-006-result-unknown-id.jsonl", filter: "status:mismatch", seqs: [6] },
  { trace: "violations/ping-001-never-answered.jsonl", filter: "status:pending", seqs: [4] },
  { trace: "violations/tool-006-name-charset.jsonl", filter: "status:warn", seqs: [4] },
  { trace: "violations/tran-005-server-stdout-log-line.jsonl", filter: "kind:invalid", seqs: [4] },
  { trace: "violations/tran-005-server-stdout-log-line.jsonl", filter: "status:err", seqs: [4] },
  { trace: "violations/auth-013-challenge-without-scope.jsonl", filter: "status:401", seqs: [2, 3] },
  { trace: "violations/auth-013-challenge-without-scope.jsonl", filter: "status:err kind:http", seqs: [3] },
  { trace: "violations/auth-013-challenge-without-scope.jsonl", filter: "kind:http", seqs: [3, 10] },
  { trace: HTTP, filter: "kind:http", seqs: [7, 107] },
  { trace: HTTP, filter: "dir:s2c kind:notify", seqs: [40, 42, 43, 44] },
];
