/**
 * Which side sent each recent message, by seq, so a finding about a recent event knows who owes it. A ring indexed
 * by seq rather than a map: the judge records every message, and a map's insert-and-trim cost more than all but
 * the dearest checks. The ring starts small and grows (up to `span`) as seqs do, so a short session holds little.
 */
import type { Side } from "./types.js";

export class RecentSenders {
  private seqs: Float64Array;
  private fromClient: Uint8Array;
  /** The ring's size now: it grows to `span` once a seq reaches it. */
  private size: number;

  /** Remembers the messages among the last `span` seqs. */
  constructor(private readonly span: number) {
    this.size = Math.min(span, INITIAL_SIZE);
    this.seqs = new Float64Array(this.size).fill(-1);
    this.fromClient = new Uint8Array(this.size);
  }

  set(seq: number, side: Side): void {
    if (seq >= this.size && this.size < this.span) this.grow(seq);
    const slot = seq % this.size;
    this.seqs[slot] = seq;
    this.fromClient[slot] = side === "client" ? 1 : 0;
  }

  get(seq: number): Side | undefined {
    const slot = seq % this.size;
    if (this.seqs[slot] !== seq) return undefined;
    return this.fromClient[slot] === 1 ? "client" : "server";
  }

  /** A ring big enough for `seq` (up to `span`); what it held moves over (all of it: no seq reached the old size). */
  private grow(seq: number): void {
    let size = this.size;
    while (size <= seq && size < this.span) size *= 2;
    size = Math.min(size, this.span);
    const seqs = new Float64Array(size).fill(-1);
    const fromClient = new Uint8Array(size);
    for (let slot = 0; slot < this.size; slot++) {
      const held = this.seqs[slot]!;
      if (held < 0) continue;
      seqs[held % size] = held;
      fromClient[held % size] = this.fromClient[slot]!;
    }
    this.seqs = seqs;
    this.fromClient = fromClient;
    this.size = size;
  }
}

/** The ring's first size: a short session's messages. */
const INITIAL_SIZE = 256;
