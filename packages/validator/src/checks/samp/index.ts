/** The checks of the SAMP area (client/sampling and the CreateMessage*, ToolUse/ToolResult types of the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import { viaInputRequests } from "../support/input-rounds.js";
import { messageRoleContent } from "./message-role.js";
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

// viaInputRequests: the check also judges 2026-07-28 input requests (in an InputRequiredResult, answered in the retry).
export const checks: CheckDefinition[] = [
  answeredOnlyWhenDeclared,
  requestOnlyWhenDeclared,
  viaInputRequests(toolsOnlyWhenDeclared),
  viaInputRequests(undeclaredToolsRejected),
  viaInputRequests(includeContextDeclared),
  viaInputRequests(includeContextAvoided),
  viaInputRequests(toolResultsNotMixed),
  viaInputRequests(toolUsesAnswered),
  viaInputRequests(toolResultMatchesToolUse),
  missingToolResultRejected,
  mixedToolResultsRejected,
  viaInputRequests(toolChoiceRequiredHonoured),
  viaInputRequests(toolChoiceNoneHonoured),
  viaInputRequests(messageRoleContent),
];
