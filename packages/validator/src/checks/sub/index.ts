/** The checks of subscriptions/listen streams in 2026-07-28. */
import type { CheckDefinition } from "../../engine/types.js";
import { gracefulClose } from "./graceful-close.js";
import { acknowledgedFirst, onlyRequested } from "./subscriptions.js";

export const checks: CheckDefinition[] = [acknowledgedFirst, onlyRequested, gracefulClose];
