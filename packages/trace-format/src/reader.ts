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

/** Buffers are fed to the splitter in 1 MiB slices, so few parsed events wait at a time (cheaper for the GC). */
const BUFFER_SLICE_BYTES = 1024 * 1024;
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
    for (const event of out) yield event;
    out.length = 0;
    if (failure !== undefined) throw failure;
    if (last) return;
  }
}

/**
 * Events from a stream of chunks. A hand-written iterator rather than an async generator: events already parsed
 * from a chunk are handed out with one resolved promise each, which costs a fraction of a generator's `yield`.
 */
class StreamEventIterator implements AsyncIterator<TraceEvent> {
  private readonly splitter: ByteLineSplitter;
  private readonly chunks: AsyncIterator<Uint8Array | string>;
  private ready: TraceEvent[] = [];
  private index = 0;
  private failure: unknown;
  private ended = false;

  constructor(stream: AsyncIterable<Uint8Array | string>, options: ReadTraceOptions | undefined) {
    this.splitter = new ByteLineSplitter(new TraceLineParser(options));
    this.chunks = stream[Symbol.asyncIterator]();
  }

  next(): Promise<IteratorResult<TraceEvent>> {
    if (this.index < this.ready.length) return Promise.resolve({ done: false, value: this.ready[this.index++]! });
    return this.refill();
  }

  async return(): Promise<IteratorResult<TraceEvent>> {
    if (!this.ended) {
      this.ended = true;
      await this.chunks.return?.();
    }
    return { done: true, value: undefined };
  }

  private async refill(): Promise<IteratorResult<TraceEvent>> {
    while (this.index >= this.ready.length) {
      if (this.failure !== undefined) {
        const failure = this.failure;
        this.failure = undefined;
        await this.return();
        throw failure;
      }
      if (this.ended) return { done: true, value: undefined };
      this.ready = [];
      this.index = 0;
      const chunk = await this.chunks.next();
      try {
        if (chunk.done) {
          this.ended = true;
          this.splitter.end(this.ready);
        } else {
          this.splitter.push(chunk.value, this.ready);
        }
      } catch (error) {
        this.failure = error;
      }
    }
    return { done: false, value: this.ready[this.index++]! };
  }
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
  const stream = source as AsyncIterable<Uint8Array | string>;
  return { [Symbol.asyncIterator]: () => new StreamEventIterator(stream, options) };
}

/** Reads a trace file as events, streaming it in bounded memory. */
export function readTraceFile(path: string, options?: ReadTraceOptions): AsyncIterable<TraceEvent> {
  return {
    [Symbol.asyncIterator]: () =>
      new StreamEventIterator(createReadStream(path, { highWaterMark: FILE_CHUNK_BYTES }), options),
  };
}

/** Reads a whole trace held in memory; throws a `TraceFormatError` on the first fault. */
export function readTraceSync(source: string | Uint8Array, options?: ReadTraceOptions): TraceEvent[] {
  return [...(typeof source === "string" ? textEvents(source, options) : bytesEvents(source, options))];
}
