/** The checks of the PROM area. */
import type { CheckDefinition } from "../../engine/types.js";

export const checks: CheckDefinition[] = [];
