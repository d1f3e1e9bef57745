/**
 * Collecting the judge thread's garbage before the session rather than during its first exchanges. When the warm-up
 * is done (warm-up.ts), the thread's young generation still holds most of what loading the validator and warming up
 * allocated and kept — the registry, the compiled schemas, the code V8 compiled — and that young generation's next
 * two collections copy all of it and then promote it to the old generation, whose growth starts the heap's first full
 * collection. Left to happen on their own, those collections fall on the session's first quarter second, tens of ms
 * of the judge's thread between the first findings and the session's thread (bench/live-judge: collections of 4-12,
 * 10-33 and 4-15 ms then, on a loaded machine). So, before the session's first byte, the thread allocates garbage until
 * its young generation has been collected twice, and then gives its loop turns until the full collection that follows
 * is over (at most `SETTLE_MS`): V8 starts and finishes it from tasks that run only between turns of the loop.
 */
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";

/** The longest the thread waits for the full collection (events that arrive meanwhile are judged as usual). */
const SETTLE_MS = 40;
/** Garbage allocated at most: three times what the young generation holds now (two collections need two fills). */
const FILLS = 3;
/** The size of the small object allocated as garbage, in bytes, at least (four words on a 64-bit V8). */
const OBJECT_BYTES = 32;
const CHUNK = 4096;
/** `PerformanceEntry.detail.kind` of a full (mark-compact) collection. */
const MAJOR = 4;

let settled = false;

/** Settles this thread's heap, once; resolves when done. Never throws. */
export async function settle(): Promise<void> {
  if (settled) return;
  settled = true;
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const major = new Promise<void>((resolve) => {
      observer = new PerformanceObserver((list) => {
        const kinds = list.getEntries().map((entry) => (entry as { detail?: { kind?: number } }).detail?.kind);
        if (kinds.includes(MAJOR)) resolve();
      });
      observer.observe({ entryTypes: ["gc"] });
      timer = setTimeout(resolve, SETTLE_MS);
    });
    collectYoungTwice();
    await major;
  } catch {
  } finally {
    observer?.disconnect();
    clearTimeout(timer);
  }
}

function collectYoungTwice(): void {
  const young = youngSpace();
  if (young === undefined) return;
  const most = (FILLS * (young.space_used_size + young.space_available_size)) / OBJECT_BYTES;
  let used = young.space_used_size;
  let collections = 0;
  let garbage: unknown[] = [];
  for (let made = 0; collections < 2 && made < most && Number.isFinite(used); made += CHUNK) {
    for (let i = 0; i < CHUNK; i++) {
      garbage.push({ i });
      if (garbage.length === 64) garbage = [];
    }
    const now = youngSpace()?.space_used_size ?? Number.NaN;
    if (now < used) collections++;
    used = now;
  }
}

/** V8's young generation, where it is reported. */
function youngSpace() {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space");
}
