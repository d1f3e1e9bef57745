/** The checks of the ELIC area. */
import type { CheckDefinition } from "../../engine/types.js";

export const checks: CheckDefinition[] = [];
