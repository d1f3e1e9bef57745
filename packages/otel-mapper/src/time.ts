/**
 * Span times as nanoseconds since the Unix epoch (bigint, as OTLP's fixed64 wants them). A trace's `ts` is RFC 3339
 * with any number of fractional digits; parsing keeps up to nine of them, which `Date.parse` would not.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;

const NANOS_PER_MILLI = 1_000_000n;

/** The largest time OTLP can carry: its `*_unix_nano` fields are fixed64 (unsigned 64-bit). */
export const MAX_UNIX_NANOS = 2n ** 64n - 1n;

/** `nanos` held within what an OTLP fixed64 can carry (a `ts` in year 9999 is past it). */
export function clampUnixNanos(nanos: bigint): bigint {
  return nanos > MAX_UNIX_NANOS ? MAX_UNIX_NANOS : nanos < 0n ? 0n : nanos;
}

/** Nanoseconds since the epoch for an RFC 3339 timestamp, or undefined when it is not one. */
export function parseRfc3339Nanos(ts: string): bigint | undefined {
  const m = RFC3339.exec(ts);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction = "", zone = "Z"] = m;
  const millis = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (!Number.isFinite(millis) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59) {
    return undefined;
  }
  let offsetMinutes = 0;
  if (zone !== "Z" && zone !== "z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    offsetMinutes = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  }
  const nanosOfSecond = BigInt(fraction.slice(0, 9).padEnd(9, "0") || "0");
  const total = BigInt(millis - offsetMinutes * 60_000) * NANOS_PER_MILLI + nanosOfSecond;
  return total < 0n ? undefined : total;
}

/** The wall clock in nanoseconds since the epoch: monotonic within a process, sub-microsecond resolution. */
export function wallClockNanos(): bigint {
  const micros = Math.round((performance.timeOrigin + performance.now()) * 1000);
  return BigInt(micros) * 1000n;
}
