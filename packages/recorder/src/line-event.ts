/**
 * Turning one observed line into its trace event: JSON becomes a `message`, anything else a `raw` line, and a line
 * cut at the byte limit a truncated `raw`. Shared by the recorder (which builds events lazily, in the first sink
 * that needs them) and the file sink's worker thread (which builds them off the main thread altogether).
 */
import type { Direction, TraceEvent, Transport } from "@mcp-conf/trace-format";

/** The raw facts of one observed line, enough to build its event anywhere. */
export interface LineRecord {
  seq: number;
  /** Milliseconds since the epoch, or undefined when the recorder writes no timestamps. */
  at: number | undefined;
  direction: Direction;
  transport: Transport;
  bytes: Uint8Array;
  length: number;
  truncated: boolean;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

export function buildLineEvent(line: LineRecord): TraceEvent {
  const { seq, direction, transport } = line;
  const stamp = line.at === undefined ? {} : { ts: new Date(line.at).toISOString() };
  const text = decoder.decode(line.bytes);
  if (!line.truncated) {
    try {
      return { seq, direction, transport, kind: "message", ...stamp, payload: JSON.parse(text) };
    } catch {
      return { seq, direction, transport, kind: "raw", ...stamp, text };
    }
  }
  return { seq, direction, transport, kind: "raw", ...stamp, text, truncated: true, bytes: line.length };
}
