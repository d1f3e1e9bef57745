/** The checks of the PROG area. */
import type { CheckDefinition } from "../../engine/types.js";

export const checks: CheckDefinition[] = [];
