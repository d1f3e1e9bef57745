/**
 * The rows of `pnpm bench`'s closing table. Each bench prints its own figures as it goes and hands its headline
 * figures here too; when `bench/run.mjs` runs the benches it names a file in BENCH_SUMMARY, each row is appended to
 * it as one JSON line, and the runner prints them all as one table at the end. Run on its own, a bench just prints.
 */
import { appendFileSync } from "node:fs";

export interface SummaryRow {
  bench: string;
  /** What was measured, with its baseline: "validate 10k whole process / read+parse process". */
  figure: string;
  /** The figure as printed: "x3.1", "+42 ms", "0.2%". */
  value: string;
  /** The acceptance target as printed: "<= x4", or "" when the figure is informative only. */
  target: string;
  /** Whether the target was met; undefined for an informative figure. */
  met?: boolean;
}

export function summaryRow(row: SummaryRow): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** `x1.23` for a ratio. */
export const times = (ratio: number) => `x${ratio.toFixed(2)}`;

/** The value at `fraction` (0.99: the p99) of an ascending list; NaN for none. */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** The middle value (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
