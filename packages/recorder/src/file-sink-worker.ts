/**
 * The threaded file sink's worker: takes the entries the forwarding thread placed in their shared memory (see
 * `line-ring.ts`) — observed lines, and events already serialised there — and writes their trace lines through
 * trace-format's writer, one write per pass, so none of that work runs on the thread that forwards the session's
 * bytes. A line that is plain JSON (decided on its bytes) is copied into the output as the bytes that arrived, behind
 * its event's prefix; any other line is built as an event and serialised. When it has caught up it sleeps until the
 * forwarding thread wakes it. A tap module, when the sink was given one, is loaded here first and handed each event
 * as it is written (built from the line for it: the tap, not the file, pays the parse), and the thread's loop turns
 * between passes so the tap's own work runs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openTraceWriter, type TraceEvent } from "@mcp-conf/trace-format";
import type { ThreadTap, WorkerGo, WorkerReply, WorkerStart } from "./file-sink-thread.js";
import { buildLineEvent, type LineRecord } from "./line-event.js";
import {
  FLAG_EVENT,
  FLAG_SERVER_TO_CLIENT,
  FLAG_SSE,
  FLAG_STREAMABLE_HTTP,
  FLAG_TRUNCATED,
  type RingEntry,
  RingReader,
} from "./line-ring.js";
import { compileRedaction, type Redactor } from "./privacy/redact.js";
import { TraceLines } from "./trace-lines.js";

const start = workerData as WorkerStart;
const errors: string[] = [];
const writer = openTraceWriter(start.path, {
  force: true, // the main thread created the file (and refused an existing one) before starting this worker
  onError: (error) => noteError(error.message),
});
const ring = new RingReader(start.ring);

function noteError(message: string): void {
  if (errors.length < 20) errors.push(message);
}

/** The tap, loaded before the first entry is taken. */
let tap: ThreadTap | undefined;
if (start.tap) {
  try {
    const loaded = (await import(start.tap.module)) as { openTap(data: unknown): ThreadTap | Promise<ThreadTap> };
    tap = await loaded.openTap(start.tap.data);
  } catch (error) {
    noteError(`tap ${start.tap.module} failed to start: ${(error as Error).message}`);
  }
}

/** Hands the tap its event, built only if the tap is not full (a line's event costs a parse). */
function toTap(build: () => TraceEvent): void {
  try {
    if (tap!.full?.()) tap!.skipped?.();
    else tap!.event(build());
  } catch (error) {
    noteError(`tap failed and was stopped: ${(error as Error).message}`);
    tap = undefined;
  }
}

let redactor: Redactor | undefined;

const lines = new TraceLines(noteError);
/** With `flush: "none"`, passes are gathered until this much is waiting; a long pass writes this often anyway. */
const GATHER_BYTES = 64 * 1024;
/** Entries taken in one pass before the file is written, the memory freed and the thread's loop turned. */
const PASS_ENTRIES = 1024;

/** A line that is not plain JSON, or any line while redacting: built as its event (for the file and the tap). */
function writeBuilt(line: LineRecord): void {
  if (redactor && tap) {
    const event = redactor.redact(buildLineEvent(line));
    if (lines.event(event)) toTap(() => event);
    return;
  }
  lines.observed(line, redactor);
  if (tap) toTap(() => buildLineEvent(line));
}

function writeEntry(entry: RingEntry): void {
  const { data } = ring;
  const { seq, flags, offset, size } = entry;
  if (flags & FLAG_EVENT) {
    lines.serialized(seq, data.subarray(offset, offset + size));
    if (tap) {
      const text = data.toString("utf8", offset, offset + size);
      toTap(() => JSON.parse(text) as TraceEvent);
    }
    return;
  }
  const at = Number.isNaN(entry.at) ? undefined : entry.at;
  const direction = flags & FLAG_SERVER_TO_CLIENT ? "server-to-client" : "client-to-server";
  const transport = flags & FLAG_STREAMABLE_HTTP ? "streamable-http" : flags & FLAG_SSE ? "sse" : "stdio";
  const truncated = (flags & FLAG_TRUNCATED) !== 0;
  // The common case, a plain JSON line and no redaction: its bytes straight into the file, no object made for it.
  // Read from a private copy made at the same alignment (a copy out of shared memory goes a word at a time only
  // then; the one into the file's buffer, from private memory, is a plain memcpy at any alignment).
  if (!redactor) {
    if (size + 8 > scratch.length) scratch = Buffer.allocUnsafeSlow(2 * size + 8);
    const skew = offset & 7;
    scratch.set(data.subarray(offset, offset + size), skew);
    if (lines.message(seq, at, direction, transport, scratch, skew, skew + size, truncated)) {
      if (tap) toTap(() => buildLineEvent(lineRecord(entry, at, direction, transport, truncated)));
      return;
    }
  }
  writeBuilt(lineRecord(entry, at, direction, transport, truncated));
}

function lineRecord(
  entry: RingEntry,
  at: number | undefined,
  direction: LineRecord["direction"],
  transport: LineRecord["transport"],
  truncated: boolean,
): LineRecord {
  const bytes = ring.data.subarray(entry.offset, entry.offset + entry.size);
  return { seq: entry.seq, at, direction, transport, bytes, length: entry.length, truncated };
}

/** A line's bytes, copied out of shared memory (see `writeEntry`). */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

const entry: RingEntry = { seq: 0, at: 0, flags: 0, offset: 0, size: 0, length: 0 };

/** Takes what is published, in passes; writes the file after each (or once enough gathered with `flush: "none"`). */
function pass(): void {
  for (;;) {
    const count = Math.min(ring.available(), PASS_ENTRIES);
    if (count === 0) return;
    ring.take(count, entry, writeEntry);
    if (start.flush === "line" || lines.size >= GATHER_BYTES) lines.writeTo(writer);
    ring.finish(writer.written);
    if (count === PASS_ENTRIES) return;
  }
}

let closing = false;

async function pump(): Promise<void> {
  while (!closing) {
    await ring.ready();
    if (closing) return;
    pass();
    // Let the thread's loop turn (a tap's timers, the close message) before the next pass.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

parentPort!.on("message", async (message: WorkerGo | { close: true }) => {
  if ("go" in message) {
    if (message.redaction) redactor = compileRedaction(message.redaction);
    void pump();
    return;
  }
  closing = true;
  while (ring.available() > 0) pass();
  lines.writeTo(writer);
  await writer.close();
  ring.finish(writer.written);
  parentPort!.postMessage({ written: writer.written, errors, closed: true } satisfies WorkerReply);
  if (tap) {
    await tap.close?.();
    process.exit(0); // on a worker thread: ends this thread (its tap may hold ports open)
  }
});
