/** The checks of the ELIC area (client/elicitation and the Elicit* types of the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import { viaInputRequests } from "../support/input-rounds.js";
import { answeredOnlyWhenDeclared, modeDeclared, undeclaredModeRejected } from "./elicitation-modes.js";
import { contentMatchesSchema, contentOnlyWithAccept } from "./elicitation-results.js";
import { formNotSensitive, formWithoutUrls } from "./form-requests.js";
import {
  completeReferencesElicitation,
  elicitationIdUnique,
  requiredErrorListsElicitations,
  requiredErrorUrlMode,
  urlHttps,
} from "./url-requests.js";

// viaInputRequests: the check also judges 2026-07-28 input requests (in an InputRequiredResult, answered in the retry).
export const checks: CheckDefinition[] = [
  viaInputRequests(modeDeclared),
  answeredOnlyWhenDeclared,
  undeclaredModeRejected,
  viaInputRequests(formNotSensitive),
  viaInputRequests(formWithoutUrls),
  viaInputRequests(urlHttps),
  elicitationIdUnique,
  completeReferencesElicitation,
  requiredErrorListsElicitations,
  requiredErrorUrlMode,
  viaInputRequests(contentOnlyWithAccept),
  viaInputRequests(contentMatchesSchema),
];
