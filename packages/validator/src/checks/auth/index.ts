/** The checks of the AUTH area: what the MCP wire shows of authorization challenges. */
import type { CheckDefinition } from "../../engine/types.js";
import {
  challengeScope,
  challengeStatus,
  challengeWithoutOfflineAccess,
  insufficientScopeChallenge,
  invalidTokenUnauthorized,
  unauthorizedChallenge,
} from "./challenges.js";

export const checks: CheckDefinition[] = [
  unauthorizedChallenge,
  challengeScope,
  challengeStatus,
  insufficientScopeChallenge,
  challengeWithoutOfflineAccess,
  invalidTokenUnauthorized,
];
