/** The checks of the PROG area (basic/utilities/progress and ProgressNotification in the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import {
  progressIncreases,
  stopsAfterCompletion,
  taskProgressStops,
  taskTokenMatches,
  tokenKnown,
  tokenUnique,
} from "./progress-checks.js";

export const checks: CheckDefinition[] = [
  tokenUnique,
  progressIncreases,
  tokenKnown,
  stopsAfterCompletion,
  taskTokenMatches,
  taskProgressStops,
];
