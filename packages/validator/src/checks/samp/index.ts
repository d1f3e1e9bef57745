/** The checks of the SAMP area (client/sampling and the CreateMessage*, ToolUse/ToolResult types of the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import {
  answeredOnlyWhenDeclared,
  includeContextAvoided,
  includeContextDeclared,
  requestOnlyWhenDeclared,
  toolsOnlyWhenDeclared,
  undeclaredToolsRejected,
} from "./sampling-capability.js";
import {
  missingToolResultRejected,
  mixedToolResultsRejected,
  toolResultMatchesToolUse,
  toolResultsNotMixed,
  toolUsesAnswered,
} from "./sampling-messages.js";
import { toolChoiceNoneHonoured, toolChoiceRequiredHonoured } from "./tool-choice.js";

export const checks: CheckDefinition[] = [
  answeredOnlyWhenDeclared,
  requestOnlyWhenDeclared,
  toolsOnlyWhenDeclared,
  undeclaredToolsRejected,
  includeContextDeclared,
  includeContextAvoided,
  toolResultsNotMixed,
  toolUsesAnswered,
  toolResultMatchesToolUse,
  missingToolResultRejected,
  mixedToolResultsRejected,
  toolChoiceRequiredHonoured,
  toolChoiceNoneHonoured,
];
