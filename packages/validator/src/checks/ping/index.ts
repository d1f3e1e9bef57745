/** The checks of the PING area. */
import type { CheckDefinition } from "../../engine/types.js";
import { answeredEmpty } from "./answered-empty.js";

export const checks: CheckDefinition[] = [answeredEmpty];
