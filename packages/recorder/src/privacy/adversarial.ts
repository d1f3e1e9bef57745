/**
 * Adversarial inputs for the linear-time guarantees of the secret detector and the redaction rules (their property
 * tests and bench/redaction): runs of the fragments the preset's patterns are built from, where a pattern tried at
 * every position could rescan the rest of the text from each (`eyJ-eyJ-…`, `a.a.a…`, `password: password: …`).
 */

/** Fragments of credential shapes and of the text around them; a run of any mix of them is a hostile input. */
export const HOSTILE_FRAGMENTS = [
  "a",
  ".",
  "-",
  "_",
  ":",
  "/",
  "@",
  "=",
  " ",
  "\t",
  '"',
  "'",
  "eyJ",
  "eyJabcdefgh",
  "Bearer ",
  "Basic ",
  "AKIA",
  "ghp_",
  "github_pat_",
  "glpat-",
  "xoxb-",
  "sk-",
  "sk-ant-",
  "AIza",
  "://",
  "a://b:",
  "password",
  "DB_PASSWORD",
  "token",
  "-----BEGIN ",
  "PRIVATE KEY-----",
  "-----END ",
  "https://hooks.slack.com/services/T",
] as const;

/** The runs found worst so far (each was quadratic or worse before the patterns were anchored on a literal). */
export const WORST_RUNS = [
  "eyJ-",
  "a.",
  "x-",
  "sk-",
  "eyJabcdefgh.",
  "a://b:",
  "_password =",
  "password: ",
  "\t",
  "Bearer a",
  "-----BEGIN A ",
] as const;

/** `piece` repeated to exactly `length` characters. */
export function runOf(piece: string, length: number): string {
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

/**
 * Milliseconds of CPU time `work` takes on a run of `piece` of `length` characters: the least of `tries` runs, so a
 * busy machine inflates it as little as it can.
 */
export function cpuMsOn(work: (text: string) => unknown, piece: string, length: number, tries = 3): number {
  const text = runOf(piece, length);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    const start = process.cpuUsage();
    work(text);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * How much longer `work` takes on 8× the input: about 8 when linear, about 64 when quadratic. The small size is
 * large enough (64 KiB) that fixed costs do not dominate it.
 */
export function growthOf(work: (text: string) => unknown, piece: string, small = 64 * 1024): number {
  work(runOf(piece, 1024)); // warm the patterns up
  const a = cpuMsOn(work, piece, small);
  const b = cpuMsOn(work, piece, small * 8);
  return b / Math.max(a, 0.5);
}
