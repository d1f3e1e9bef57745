/** The checks of the TASK area (basic/utilities/tasks and the Task* types of the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import { acceptedOnlyWhenDeclared } from "./accepted-only-when-declared.js";
import {
  augmentOnlyWhenDeclared,
  noTasksWithoutCapability,
  toolCallAugmentationDeclared,
} from "./augmentation-capability.js";
import { createdWorking, taskIdString, taskIdUnique } from "./task-identity.js";
import {
  answersRequestedTask,
  cancelResultCancelled,
  noRelatedTaskOnTaskOperations,
  resultCarriesRelatedTask,
  resultMatchesRequestType,
  statusNotificationWithoutRelatedTask,
} from "./task-operations.js";
import { operationsOnlyWhenDeclared } from "./task-operations-capability.js";
import {
  cancelTerminalRejected,
  failedStatusMessage,
  inputRequiredPromptsResult,
  resultWaitsForTerminal,
  statusTransitionsValid,
} from "./task-status.js";
import { createdAtIso8601, lastUpdatedAtIso8601 } from "./task-timestamps.js";
import {
  forbiddenTaskCallRejected,
  forbiddenToolNotCalledAsTask,
  requiredTaskCallRejected,
  requiredToolCalledAsTask,
} from "./tool-task-support.js";

export const checks: CheckDefinition[] = [
  augmentOnlyWhenDeclared,
  noTasksWithoutCapability,
  toolCallAugmentationDeclared,
  acceptedOnlyWhenDeclared,
  forbiddenToolNotCalledAsTask,
  forbiddenTaskCallRejected,
  requiredToolCalledAsTask,
  requiredTaskCallRejected,
  taskIdString,
  taskIdUnique,
  createdWorking,
  statusTransitionsValid,
  inputRequiredPromptsResult,
  createdAtIso8601,
  lastUpdatedAtIso8601,
  resultMatchesRequestType,
  resultWaitsForTerminal,
  resultCarriesRelatedTask,
  answersRequestedTask,
  noRelatedTaskOnTaskOperations,
  statusNotificationWithoutRelatedTask,
  cancelTerminalRejected,
  cancelResultCancelled,
  failedStatusMessage,
  operationsOnlyWhenDeclared,
];
