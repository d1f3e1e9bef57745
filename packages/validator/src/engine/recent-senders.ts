/**
 * Which side sent each recent message, by seq, so a finding about a recent event knows who owes it. A ring indexed
 * by seq rather than a map: the judge records every message, and a map's insert-and-trim cost more than all but
 * the dearest checks.
 */
import type { Side } from "./types.js";

export class RecentSenders {
  private readonly seqs: Float64Array;
  private readonly fromClient: Uint8Array;

  /** Remembers the messages among the last `span` seqs. */
  constructor(private readonly span: number) {
    this.seqs = new Float64Array(span).fill(-1);
    this.fromClient = new Uint8Array(span);
  }

  set(seq: number, side: Side): void {
    const slot = seq % this.span;
    this.seqs[slot] = seq;
    this.fromClient[slot] = side === "client" ? 1 : 0;
  }

  get(seq: number): Side | undefined {
    const slot = seq % this.span;
    if (this.seqs[slot] !== seq) return undefined;
    return this.fromClient[slot] === 1 ? "client" : "server";
  }
}
