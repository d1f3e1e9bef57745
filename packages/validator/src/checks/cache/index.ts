/** The checks of caching hints (ttlMs, cacheScope) in 2026-07-28. */
import type { CheckDefinition } from "../../engine/types.js";
import { hintsPresent, scopeSameAcrossPages, ttlNonNegative } from "./caching.js";

export const checks: CheckDefinition[] = [hintsPresent, ttlNonNegative, scopeSameAcrossPages];
