/**
 * The threaded file sink's hand-over between the forwarding thread and the trace thread: memory both threads share,
 * so handing lines over costs no message, no transfer and no allocation. The forwarding thread (`RingWriter`)
 * copies observed bytes into a data area and describes each entry (a line, or an event already serialised) in an
 * entry ring, then publishes how many entries there are; the trace thread (`RingReader`) takes the published
 * entries in order and says how many it has finished with, which frees their bytes. The trace thread sleeps when
 * it has caught up and is woken only then. Both sides are single: one writer, one reader.
 */

/** Fields per entry in the entry ring (a Float64Array). */
export const ENTRY_FIELDS = 6; // seq, at (NaN: none), flags, offset, size, full length (of a chunk: lines)
/** The bits of an entry's `flags`: what the entry is, and the direction and transport of what it holds. */
export const Flag = {
  SERVER_TO_CLIENT: 1,
  STREAMABLE_HTTP: 2,
  SSE: 8,
  /** The entry is an event's trace line, serialised on the forwarding thread (lifecycle, stderr, http: rare). */
  EVENT: 16,
  /**
   * The entry is a chunk of an observed stream, cut into lines by the reader: `seq` numbers the first line that ends
   * in it and `length` is how many do.
   */
  CHUNK: 32,
  /** A chunk after a lost one: the reader drops the line in progress and the chunk's bytes up to its first line end. */
  GAP: 64,
  /** With `GAP`: that first line end ended a line (numbered `seq`), which is lost with its start. */
  HEAD_LOST: 128,
  /** The stream of the entry's direction ended in a line without a line end, numbered `seq`. */
  END: 256,
  /** With `EVENT`: the event as observed, for the reader to redact (so no redaction runs on the forwarding thread). */
  REDACT: 512,
} as const;

/** Slots of the shared control array (an Int32Array). Counters wrap at 2^32; differences are taken with `| 0`. */
const PUBLISHED = 0;
const FINISHED = 1;
const SLEEPING = 2;
const WRITTEN = 3;
const CONTROL_SLOTS = 4;

/** What the two threads share; made by the writer, handed to the reader's thread when it starts. */
export interface RingMemory {
  control: SharedArrayBuffer;
  entries: SharedArrayBuffer;
  data: SharedArrayBuffer;
}

function powerOfTwoAtLeast(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** The data area's segment for `dataBytes`: 1 MiB, or less in a small area so it still has 16. */
function segmentBytesFor(dataBytes: number): number {
  let size = 1 << 20;
  while (size > 64 && size * 16 > dataBytes) size >>= 1;
  return size;
}

/**
 * The forwarding thread's side. `place` puts bytes in the data area (the rest of a chunk at once, so the chunk's
 * later lines are found in that one copy), `add` describes an entry placed there; either says no when the shared
 * memory is full, and the caller drops the observation.
 *
 * The data area is filled in segments, and a full segment is followed by the lowest free one: so the pages in use
 * (touched once, and first touches cost: each is a page fault) follow the largest backlog, not the bytes written,
 * and a backlog can still grow into the whole area. When the reader has finished everything the writer starts over
 * at the beginning, so an interactive session touches only the first pages.
 */
export class RingWriter {
  readonly memory: RingMemory;
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  private readonly data: Buffer;
  private readonly entryMask: number;
  private readonly maxEntries: number;
  /** Entries added (published or not), and the reader's count as last read. */
  private added = 0;
  private finished = 0;
  private readonly segmentBytes: number;
  /** Per segment: 1 while it holds bytes of entries the reader may not have finished. */
  private readonly busy: Uint8Array;
  /** Per segment not being filled: the count of entries `added` once its last entry was. */
  private readonly until: Int32Array;
  /** The run of segments being filled (`runFirst` -1: none), where the next bytes go in it, and where it ends. */
  private runFirst = -1;
  private runCount = 0;
  private head = 0;
  private runEnd = 0;
  /** The count of entries `added` once the run's last entry is. */
  private runUntil = 0;
  /** The chunk whose bytes from `chunkFrom` on are in the run being filled, from `chunkAt` on. */
  private chunk: Uint8Array | undefined;
  private chunkFrom = 0;
  private chunkAt = 0;

  /** `maxEntries` and `dataBytes` bound what is in flight (added and not yet finished by the reader). */
  constructor(maxEntries: number, dataBytes: number) {
    const capacity = powerOfTwoAtLeast(Math.max(2, maxEntries));
    this.memory = {
      control: new SharedArrayBuffer(CONTROL_SLOTS * 4),
      entries: new SharedArrayBuffer(capacity * ENTRY_FIELDS * 8),
      data: new SharedArrayBuffer(dataBytes),
    };
    this.control = new Int32Array(this.memory.control);
    this.entries = new Float64Array(this.memory.entries);
    this.data = Buffer.from(this.memory.data);
    this.entryMask = capacity - 1;
    this.maxEntries = maxEntries;
    this.segmentBytes = segmentBytesFor(dataBytes);
    const segments = Math.ceil(dataBytes / this.segmentBytes);
    this.busy = new Uint8Array(segments);
    this.until = new Int32Array(segments);
  }

  /** Entries added and not yet published. */
  get unpublished(): number {
    return (this.added - Atomics.load(this.control, PUBLISHED)) | 0;
  }

  /** Entries the reader has written to the file so far. */
  get written(): number {
    return Atomics.load(this.control, WRITTEN);
  }

  /** Whether one more entry fits the entry bound. */
  hasRoom(): boolean {
    if (((this.added - this.finished) | 0) < this.maxEntries) return true;
    this.finished = Atomics.load(this.control, FINISHED);
    return ((this.added - this.finished) | 0) < this.maxEntries;
  }

  /**
   * Where `source[start, end)` is in the data area, copying it there if it is not yet (with the rest of its chunk
   * when that is at most `wholeLimit` bytes); -1 when it does not fit.
   */
  place(source: Uint8Array, start: number, end: number, wholeLimit: number): number {
    if (source === this.chunk && start >= this.chunkFrom && end <= source.length) {
      this.runUntil = this.added + 1;
      return this.chunkAt + (start - this.chunkFrom);
    }
    const rest = source.length - start;
    const whole = rest <= wholeLimit;
    const size = whole ? rest : end - start;
    const room = this.reserve(size + 7);
    if (room < 0) return -1;
    // Copied to the same alignment as the source: a copy into shared memory goes a word at a time only then.
    const at = room + ((((source.byteOffset + start) & 7) - room) & 7);
    this.data.set(source.subarray(start, start + size), at);
    this.chunk = whole ? source : undefined;
    this.chunkFrom = start;
    this.chunkAt = at;
    return at;
  }

  /** Room for `bytes` of a string written as UTF-8 (an event's trace line); its offset, or -1. */
  placeText(text: string, bytes: number): number {
    const at = this.reserve(bytes);
    if (at >= 0) this.data.write(text, at, "utf8");
    this.chunk = undefined;
    return at;
  }

  /** Describes the next entry (its bytes placed by `place` or `placeText` just before). Call `hasRoom` first. */
  add(seq: number, at: number, flags: number, offset: number, size: number, length: number): void {
    const e = this.entries;
    const i = (this.added & this.entryMask) * ENTRY_FIELDS;
    e[i] = seq;
    e[i + 1] = at;
    e[i + 2] = flags;
    e[i + 3] = offset;
    e[i + 4] = size;
    e[i + 5] = length;
    this.added = (this.added + 1) | 0;
  }

  /** Makes every entry added so far visible to the reader; true if the reader is asleep and should be woken. */
  publish(): boolean {
    Atomics.store(this.control, PUBLISHED, this.added);
    return Atomics.load(this.control, SLEEPING) === 1;
  }

  /** Wakes the reader (after `publish` said it sleeps). */
  wake(): void {
    if (Atomics.compareExchange(this.control, SLEEPING, 1, 0) === 1) Atomics.notify(this.control, SLEEPING);
  }

  /** `size` bytes for the next entry; their offset, or -1 when the data area has no room for them. */
  private reserve(size: number): number {
    this.finished = Atomics.load(this.control, FINISHED);
    if (this.finished === this.added && this.head !== 0) this.startOver();
    if (this.runFirst < 0 || this.head + size > this.runEnd) {
      if (!this.newRun(size)) return -1;
    }
    const at = this.head;
    this.head += size;
    this.runUntil = this.added + 1;
    return at;
  }

  /** The reader has finished everything: the next bytes go at the beginning. */
  private startOver(): void {
    this.busy.fill(0);
    this.busy[0] = 1;
    this.runFirst = 0;
    this.runCount = 1;
    this.head = 0;
    this.runEnd = Math.min(this.segmentBytes, this.data.length);
    this.chunk = undefined;
  }

  /** Leaves the run being filled and starts one at the lowest free segments that hold `size` bytes. */
  private newRun(size: number): boolean {
    const busy = this.busy;
    const segment = this.segmentBytes;
    if (this.runFirst >= 0) {
      for (let k = this.runFirst; k < this.runFirst + this.runCount; k++) this.until[k] = this.runUntil;
      this.runFirst = -1;
    }
    for (let k = 0; k < busy.length; k++) {
      if (busy[k] && ((this.finished - this.until[k]!) | 0) >= 0) busy[k] = 0;
    }
    const need = Math.max(1, Math.ceil(size / segment));
    let free = 0;
    for (let k = 0; k < busy.length; k++) {
      free = busy[k] ? 0 : free + 1;
      if (free < need) continue;
      const first = k - need + 1;
      const end = Math.min(this.data.length, (k + 1) * segment);
      if (end - first * segment < size) return false; // the area's last, shorter segment
      busy.fill(1, first, k + 1);
      this.runFirst = first;
      this.runCount = need;
      this.head = first * segment;
      this.runEnd = end;
      this.chunk = undefined;
      return true;
    }
    return false;
  }
}

/** `Atomics.waitAsync` (in Node 20, not yet in TypeScript's ES2022 library). */
const atomics = Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<unknown> | string };
};

/** One entry as the reader sees it (valid only during the call that hands it over). */
export interface RingEntry {
  seq: number;
  at: number;
  flags: number;
  offset: number;
  size: number;
  length: number;
}

/** The trace thread's side: takes published entries in order and frees them. */
export class RingReader {
  private readonly control: Int32Array;
  private readonly entries: Float64Array;
  /** The data area, as bytes. */
  readonly data: Buffer;
  private readonly entryMask: number;
  private taken = 0;

  constructor(memory: RingMemory) {
    this.control = new Int32Array(memory.control);
    this.entries = new Float64Array(memory.entries);
    this.data = Buffer.from(memory.data);
    this.entryMask = this.entries.length / ENTRY_FIELDS - 1;
  }

  /** Entries published and not yet taken. */
  available(): number {
    return (Atomics.load(this.control, PUBLISHED) - this.taken) | 0;
  }

  /** Hands the next `count` entries (at most `available()`) to `each`, in order; `entry` is reused between calls. */
  take(count: number, entry: RingEntry, each: (entry: RingEntry) => void): void {
    const e = this.entries;
    for (let k = 0; k < count; k++) {
      const i = (this.taken & this.entryMask) * ENTRY_FIELDS;
      entry.seq = e[i]!;
      entry.at = e[i + 1]!;
      entry.flags = e[i + 2]!;
      entry.offset = e[i + 3]!;
      entry.size = e[i + 4]!;
      entry.length = e[i + 5]!;
      this.taken = (this.taken + 1) | 0;
      each(entry);
    }
  }

  /** Every entry taken so far is finished with: its bytes may be reused. `written`: entries in the file. */
  finish(written: number): void {
    Atomics.store(this.control, WRITTEN, written);
    Atomics.store(this.control, FINISHED, this.taken);
  }

  /**
   * Resolves when entries are available (at once if some are), sleeping until the writer wakes it otherwise. The
   * writer publishes before it reads the sleeping flag and this sets the flag before it looks again, so no
   * publication is missed.
   */
  async ready(): Promise<void> {
    while (this.available() === 0) {
      Atomics.store(this.control, SLEEPING, 1);
      if (this.available() !== 0) {
        Atomics.store(this.control, SLEEPING, 0);
        return;
      }
      const wait = atomics.waitAsync(this.control, SLEEPING, 1);
      if (wait.async) await wait.value;
    }
  }
}
