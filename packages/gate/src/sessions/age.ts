/**
 * `prune --older-than AGE`: a number of days (`30d`), or a duration of hours, minutes and seconds as Go writes it
 * (`72h`, `1h30m`, `90s`). There is no default: pruning deletes traces, so the age is always said.
 */
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };

/** The age in milliseconds, or undefined when `text` is not one. */
export function parseAge(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?[dhms])+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)) total += Number(amount) * UNIT_MS[unit!]!;
  return total > 0 && Number.isFinite(total) ? total : undefined;
}
