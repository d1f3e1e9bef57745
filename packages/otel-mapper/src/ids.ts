/**
 * Where trace and span ids come from. Live: random from the operating system's generator (`crypto.randomBytes`,
 * drawn in blocks so a span costs no system call). Export of a recorded trace: derived from a digest of the trace's
 * bytes and the exchange's position, so the same trace gives the same file every time.
 */
import { createHash, randomBytes } from "node:crypto";

export interface IdSource {
  /** A 32-character lower-case hex trace id, never all zeros. */
  traceId(): string;
  /** A 16-character lower-case hex span id for the exchange opened at `seq` (and `batchIndex` within a batch). */
  spanId(seq: number, batchIndex?: number): string;
}

const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

/** Random ids from `crypto.randomBytes`. */
export function randomIds(): IdSource {
  let pool = Buffer.alloc(0);
  let offset = 0;
  const take = (bytes: number, zero: string): string => {
    for (;;) {
      if (offset + bytes > pool.length) {
        pool = randomBytes(4096);
        offset = 0;
      }
      const hex = pool.toString("hex", offset, offset + bytes);
      offset += bytes;
      if (hex !== zero) return hex;
    }
  };
  return { traceId: () => take(16, ZERO_TRACE), spanId: () => take(8, ZERO_SPAN) };
}

/**
 * Ids derived from `seed` (for a recorded trace: its bytes or their digest): the trace id is the first 16 bytes of
 * SHA-256("trace\0" + seed), a span id the first 8 bytes of SHA-256("span\0" + seed + "\0" + seq + "\0" + batchIndex).
 */
export function derivedIds(seed: string | Uint8Array): IdSource {
  const seedDigest = createHash("sha256").update(seed).digest("hex");
  const digest = (text: string, bytes: number, zero: string): string => {
    const hex = createHash("sha256")
      .update(text)
      .digest("hex")
      .slice(0, bytes * 2);
    return hex === zero ? `${hex.slice(0, -1)}1` : hex;
  };
  return {
    traceId: () => digest(`trace\0${seedDigest}`, 16, ZERO_TRACE),
    spanId: (seq, batchIndex = -1) => digest(`span\0${seedDigest}\0${seq}\0${batchIndex}`, 8, ZERO_SPAN),
  };
}
