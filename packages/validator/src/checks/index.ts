/**
 * Every check the validator knows, by area. A registry entry names checks by id; the engine looks them up here.
 */
import type { CheckDefinition } from "../engine/types.js";

export const ALL_CHECKS: readonly CheckDefinition[] = [];
