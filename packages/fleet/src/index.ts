/**
 * @mcp-conf/fleet is `mcp-conf serve`: the central judge of a gateway fleet. Recorders export every event as an OTLP
 * log record (`--otlp-logs`, through an OpenTelemetry Collector that routes each session to one `serve`); `serve`
 * receives them over OTLP/HTTP, reassembles each session, writes its trace to the state directory, judges it live
 * with the validator's engine, and sends findings on as spans and metrics. docs/fleet.md is the manual.
 */

/** What `serve` sends on: a span per judged session (span events per finding) and per-label metrics. */
export { type NextHopOptions, type NextHopStats, verdictSpan } from "./next-hop.js";
/** `--next-hop URL` and its headers, checked. */
export { NextHopError, parseNextHop } from "./next-hop-address.js";
/** The OTLP/HTTP receiver's counters. */
export type { ReceiverStats } from "./receiver.js";
/** Start a `serve`: the receiver, the session table, the verdicts, the next hop. */
export { type Serve, type ServeOptions, type ServeStats, startServe } from "./serve.js";
/** What `mcp-conf serve` prints: a line per judged session, and the run's counts. */
export { serveStatsLine, verdictLine } from "./serve-lines.js";
/** The verdict of one session, as `serve` writes it beside the trace. */
export { type EndReason, type SessionVerdict, type VerdictFinding, VerdictStore, verdictFindings } from "./verdict.js";
