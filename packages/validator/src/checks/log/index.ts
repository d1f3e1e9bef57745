/** The checks of the LOG area (server/utilities/logging). */
import type { CheckDefinition } from "../../engine/types.js";
import { capabilityDeclaredCheck } from "../support/capability-declared.js";
import { logInvalidLevelRejected } from "./invalid-level.js";
import { logLevelRespected } from "./levels.js";
import { logMessageNotOnSubscription, logMessageRequested } from "./request-scoped.js";

export const checks: CheckDefinition[] = [
  capabilityDeclaredCheck({
    id: "log.capability-declared",
    capability: "logging",
    methods: ["logging/setLevel"],
    notifications: ["notifications/message"],
  }),
  logLevelRespected,
  logMessageRequested,
  logMessageNotOnSubscription,
  logInvalidLevelRejected,
];
