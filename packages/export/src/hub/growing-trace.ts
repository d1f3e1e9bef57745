/**
 * A trace that may still be growing, read as it grows: the file is opened once and each look reads only the bytes
 * appended since the last (never the file again), and those bytes go through the one streaming reader, so a line
 * still being written waits for its newline and every reading rule (limits, `seq` order) holds across looks.
 */
import { open } from "node:fs/promises";
import { type ReadTraceOptions, readTrace, type TraceEvent } from "@mcp-conf/trace-format";

/** The reader's default longest line (trace-format's `maxLineBytes`). */
const DEFAULT_MAX_LINE_BYTES = 1_048_576;

export interface GrowingTraceOptions {
  /** Milliseconds between looks at a file that has not grown. Default 200. */
  intervalMs?: number;
  /** Where to start reading (bytes already read elsewhere). Default 0. */
  offset?: number;
  /** The reader's limits (`maxEvents` …). */
  limits?: ReadTraceOptions;
}

export class GrowingTrace {
  private stopped = false;
  private wake: (() => void) | undefined;
  /** Bytes read so far (from the start of the file). */
  offset: number;

  constructor(
    private readonly path: string,
    private readonly options: GrowingTraceOptions = {},
  ) {
    this.offset = options.offset ?? 0;
  }

  /** The events appended, as they are; once stopped, ends after the complete lines the file holds then. */
  events(): AsyncIterable<TraceEvent> {
    return readTrace(this.chunks(), this.options.limits);
  }

  /** No more waiting: the events end once what the file holds now is read. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private async *chunks(): AsyncIterable<Uint8Array> {
    const file = await open(this.path, "r");
    const buffer = Buffer.alloc(256 * 1024);
    const intervalMs = this.options.intervalMs ?? 200;
    let pending = Buffer.alloc(0);
    try {
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, buffer.length, this.offset);
        if (bytesRead === 0) {
          if (this.stopped) break; // stopped, and everything written before is read
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, intervalMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = undefined;
          continue;
        }
        this.offset += bytesRead;
        // Only complete lines go on: a line the recorder is half-way through stays here until its newline comes, so
        // stopping never hands the reader a torn line.
        const read = Buffer.concat([pending, buffer.subarray(0, bytesRead)]);
        const end = read.lastIndexOf(0x0a) + 1;
        pending = Buffer.from(read.subarray(end));
        if (end > 0) yield read.subarray(0, end);
        // A "line" longer than the reader takes goes on whole: the reader refuses it, rather than this holding it.
        if (pending.length > (this.options.limits?.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES) + 1) {
          yield pending;
          pending = Buffer.alloc(0);
        }
      }
    } finally {
      await file.close();
    }
  }
}
