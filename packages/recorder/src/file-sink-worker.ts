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
import { ASCII_JSON, NOT_JSON } from "./json-bytes.js";
import { asciiMessageEvent, buildLineEvent, type LineRecord } from "./line-event.js";
import { Flag, type RingEntry, RingReader } from "./line-ring.js";
import { SpanSplitter } from "./line-splitter.js";
import type { Redactor } from "./privacy/redact.js";
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
/** Entries (and their bytes) taken in one pass at most before the file is written, the memory freed and the loop turned. */
const PASS_ENTRIES = 1024;
const PASS_BYTES = 256 * 1024;

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
  if (flags & Flag.EVENT && flags & Flag.REDACT && redactor) {
    const event = redactor.redact(JSON.parse(data.toString("utf8", offset, offset + size)) as TraceEvent);
    if (lines.event(event) && tap) toTap(() => event);
    return;
  }
  if (flags & Flag.EVENT) {
    lines.serialized(seq, data.subarray(offset, offset + size));
    if (tap) {
      const text = data.toString("utf8", offset, offset + size);
      toTap(() => JSON.parse(text) as TraceEvent);
    }
    return;
  }
  const at = Number.isNaN(entry.at) ? undefined : entry.at;
  const direction = flags & Flag.SERVER_TO_CLIENT ? "server-to-client" : "client-to-server";
  const transport = flags & Flag.STREAMABLE_HTTP ? "streamable-http" : flags & Flag.SSE ? "sse" : "stdio";
  if (flags & (Flag.CHUNK | Flag.END)) {
    streamLine = { seq, at, direction, transport };
    const splitter = flags & Flag.SERVER_TO_CLIENT ? fromServer : fromClient;
    if (flags & Flag.END) splitter.end();
    else writeChunk(splitter, entry);
    return;
  }
  // Read from a private copy made at the same alignment (a copy out of shared memory goes a word at a time only
  // then; the one into the file's buffer, from private memory, is a plain memcpy at any alignment).
  const line = privateCopy(offset, size);
  writeLine(seq, at, direction, transport, line, 0, size, entry.length);
}

/** The bytes `data[offset, offset + size)` copied into `scratch` at their alignment; a view of the copy. */
function privateCopy(offset: number, size: number): Buffer {
  if (size + 8 > scratch.length) scratch = Buffer.allocUnsafeSlow(2 * size + 8);
  const skew = offset & 7;
  scratch.set(ring.data.subarray(offset, offset + size), skew);
  return scratch.subarray(skew, skew + size);
}

/** An observed line in `source[start, end)` (cut when `length` is more), written and handed to the tap. */
function writeLine(
  seq: number,
  at: number | undefined,
  direction: LineRecord["direction"],
  transport: LineRecord["transport"],
  source: Buffer,
  start: number,
  end: number,
  length: number,
): void {
  const truncated = length > end - start;
  // The common case, a plain JSON line and no redaction: its bytes straight into the file, no object made for it.
  const kind = redactor ? NOT_JSON : lines.message(seq, at, direction, transport, source, start, end, truncated);
  if (kind !== NOT_JSON) {
    if (tap) {
      const line = { seq, at, direction, transport, bytes: source.subarray(start, end), length, truncated };
      toTap(() => (kind === ASCII_JSON ? asciiMessageEvent(line, source, start, end) : buildLineEvent(line)));
    }
    return;
  }
  writeBuilt({ seq, at, direction, transport, bytes: source.subarray(start, end), length, truncated });
}

/** What the lines the stream splitters hand on next are: numbered from `seq`, with their chunk's time and origin. */
let streamLine: {
  seq: number;
  at: number | undefined;
  direction: LineRecord["direction"];
  transport: LineRecord["transport"];
} = { seq: 0, at: undefined, direction: "client-to-server", transport: "stdio" };

function streamSpan(source: Buffer, start: number, end: number, length: number): void {
  const l = streamLine;
  writeLine(l.seq++, l.at, l.direction, l.transport, source, start, end, length);
}

/** The recorder's cut for an observed line (sent with `go`, before any entry is read). */
let maxLineBytes = Number.POSITIVE_INFINITY;
let fromClient = new SpanSplitter(streamSpan);
let fromServer = new SpanSplitter(streamSpan);

/** A chunk of a stream: cut into lines (a line it leaves open is kept, copied, for the next chunk). */
function writeChunk(splitter: SpanSplitter, entry: RingEntry): void {
  let chunk = privateCopy(entry.offset, entry.size);
  if (entry.flags & Flag.GAP) {
    // A chunk before this one was lost: the line in progress is dropped, and this chunk's bytes up to its first line
    // end, the rest of a line whose start was lost.
    const fresh = new SpanSplitter(streamSpan, maxLineBytes, true);
    if (entry.flags & Flag.SERVER_TO_CLIENT) fromServer = fresh;
    else fromClient = fresh;
    splitter = fresh;
    const nl = chunk.indexOf(10);
    if (nl === -1) return;
    chunk = chunk.subarray(nl + 1);
    if (entry.flags & Flag.HEAD_LOST) streamLine.seq++;
  }
  splitter.push(chunk);
}

/** A line's bytes, copied out of shared memory (see `writeEntry`). */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

const entry: RingEntry = { seq: 0, at: 0, flags: 0, offset: 0, size: 0, length: 0 };

/** Takes what is published, in passes; writes the file after each (or once enough gathered with `flush: "none"`). */
function pass(): void {
  for (;;) {
    const available = ring.available();
    if (available === 0) return;
    let taken = 0;
    let bytes = 0;
    while (taken < available && taken < PASS_ENTRIES && bytes < PASS_BYTES) {
      ring.take(1, entry, writeEntry);
      taken++;
      bytes += entry.size;
    }
    if (start.flush === "line" || lines.size >= GATHER_BYTES) lines.writeTo(writer);
    ring.finish(writer.written);
    if (taken < available) return;
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

/** Settles once the `go` message has been acted on: nothing is read before, and the close waits for it. */
let going: Promise<void> = Promise.resolve();

async function go(message: WorkerGo): Promise<void> {
  // Loaded only for a session that redacts: its JSONPath library is most of this thread's start-up otherwise.
  if (message.redaction) redactor = (await import("./privacy/redact.js")).compileRedaction(message.redaction);
  if (message.maxLineBytes !== undefined) maxLineBytes = message.maxLineBytes;
  fromClient = new SpanSplitter(streamSpan, maxLineBytes, true);
  fromServer = new SpanSplitter(streamSpan, maxLineBytes, true);
  void pump();
}

parentPort!.on("message", async (message: WorkerGo | { close: true }) => {
  if ("go" in message) {
    going = go(message);
    return;
  }
  await going;
  closing = true;
  while (ring.available() > 0) pass();
  lines.writeTo(writer);
  if (redactor && redactor.withheld > 0) {
    noteError(
      `redaction withheld ${redactor.withheld} string(s) whole: the --redact-value patterns ran past their time budget on them`,
    );
  }
  await writer.close();
  ring.finish(writer.written);
  parentPort!.postMessage({ written: writer.written, errors, closed: true } satisfies WorkerReply);
  if (tap) {
    await tap.close?.();
    process.exit(0); // on a worker thread: ends this thread (its tap may hold ports open)
  }
});
