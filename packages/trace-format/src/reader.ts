/**
 * Reading a JSONL trace into events: from a string, a buffer, a Node stream or a file, synchronously or as an
 * async iterable. Every source goes through the same line parser (see line-parser.ts for the rules), so a trace
 * reads the same whichever way it arrives; files and streams are read in bounded memory.
 */
import { createReadStream } from "node:fs";
import { ByteLineSplitter } from "./byte-lines.js";
import { type ReadTraceOptions, TraceLineParser, UNKNOWN_BYTE_LENGTH } from "./line-parser.js";
import type { TraceEvent } from "./types.js";

/** Where a trace can be read from. */
export type TraceSource = string | Uint8Array | NodeJS.ReadableStream | AsyncIterable<Uint8Array | string>;

/** Buffers larger than this are fed to the splitter in slices, so no decoded string grows past it. */
const BUFFER_SLICE_BYTES = 16 * 1024 * 1024;
/** Chunk size for trace files. */
const FILE_CHUNK_BYTES = 1024 * 1024;

function* textEvents(text: string, options: ReadTraceOptions | undefined): Generator<TraceEvent> {
  const parser = new TraceLineParser(options);
  const length = text.length;
  let start = 0;
  while (start < length) {
    const newline = text.indexOf("\n", start);
    if (newline === -1) {
      yield parser.parse(text.slice(start), UNKNOWN_BYTE_LENGTH, false);
      return;
    }
    yield parser.parse(text.slice(start, newline), UNKNOWN_BYTE_LENGTH, true);
    start = newline + 1;
  }
}

function* bytesEvents(bytes: Uint8Array, options: ReadTraceOptions | undefined): Generator<TraceEvent> {
  const splitter = new ByteLineSplitter(new TraceLineParser(options));
  const out: TraceEvent[] = [];
  for (let offset = 0; ; offset += BUFFER_SLICE_BYTES) {
    const last = offset >= bytes.length;
    let failure: unknown;
    try {
      if (last) splitter.end(out);
      else splitter.push(bytes.subarray(offset, offset + BUFFER_SLICE_BYTES), out);
    } catch (error) {
      failure = error;
    }
    yield* out;
    out.length = 0;
    if (failure !== undefined) throw failure;
    if (last) return;
  }
}

async function* streamEvents(
  stream: AsyncIterable<Uint8Array | string>,
  options: ReadTraceOptions | undefined,
): AsyncGenerator<TraceEvent> {
  const splitter = new ByteLineSplitter(new TraceLineParser(options));
  const out: TraceEvent[] = [];
  let failure: unknown;
  for await (const chunk of stream) {
    try {
      splitter.push(chunk, out);
    } catch (error) {
      failure = error;
    }
    yield* out;
    out.length = 0;
    if (failure !== undefined) throw failure;
  }
  try {
    splitter.end(out);
  } catch (error) {
    failure = error;
  }
  yield* out;
  if (failure !== undefined) throw failure;
}

/** An async iterable over a synchronous iterator, without an async generator's per-item overhead. */
function asyncOf<T>(source: () => Iterator<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      const iterator = source();
      return {
        next: () => {
          try {
            return Promise.resolve(iterator.next());
          } catch (error) {
            return Promise.reject(error);
          }
        },
        return: (value?: unknown) => {
          iterator.return?.();
          return Promise.resolve({ done: true, value: value as T });
        },
      };
    },
  };
}

/**
 * Reads a trace as events, in order. A malformed trace yields the events before the fault, then throws a
 * `TraceFormatError` naming the line.
 */
export function readTrace(source: TraceSource, options?: ReadTraceOptions): AsyncIterable<TraceEvent> {
  if (typeof source === "string") return asyncOf(() => textEvents(source, options));
  if (source instanceof Uint8Array) return asyncOf(() => bytesEvents(source, options));
  return streamEvents(source as AsyncIterable<Uint8Array | string>, options);
}

/** Reads a trace file as events, streaming it in bounded memory. */
export function readTraceFile(path: string, options?: ReadTraceOptions): AsyncIterable<TraceEvent> {
  return {
    [Symbol.asyncIterator]: () =>
      streamEvents(createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }), options)[Symbol.asyncIterator](),
  };
}

/** Reads a whole trace held in memory; throws a `TraceFormatError` on the first fault. */
export function readTraceSync(source: string | Uint8Array, options?: ReadTraceOptions): TraceEvent[] {
  return [...(typeof source === "string" ? textEvents(source, options) : bytesEvents(source, options))];
}
