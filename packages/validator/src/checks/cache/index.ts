/** The checks of caching hints (ttlMs, cacheScope) in 2026-07-28. */
import type { CheckDefinition } from "../../engine/types.js";
import { hintsPresent, retryResultNotFresh, scopeSameAcrossPages, ttlNonNegative } from "./caching.js";
import { restartAfterInvalidCursor } from "./invalid-cursor.js";

export const checks: CheckDefinition[] = [
  hintsPresent,
  ttlNonNegative,
  scopeSameAcrossPages,
  retryResultNotFresh,
  restartAfterInvalidCursor,
];
