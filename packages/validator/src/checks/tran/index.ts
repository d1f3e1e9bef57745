/** The checks of the TRAN area. */
import type { CheckDefinition } from "../../engine/types.js";

export const checks: CheckDefinition[] = [];
