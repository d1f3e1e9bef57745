/** The checks of the COMP area. */
import type { CheckDefinition } from "../../engine/types.js";

export const checks: CheckDefinition[] = [];
