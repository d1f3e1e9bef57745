/** The checks of the ELIC area (client/elicitation and the Elicit* types of the schema). */
import type { CheckDefinition } from "../../engine/types.js";
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

export const checks: CheckDefinition[] = [
  modeDeclared,
  answeredOnlyWhenDeclared,
  undeclaredModeRejected,
  formNotSensitive,
  formWithoutUrls,
  urlHttps,
  elicitationIdUnique,
  completeReferencesElicitation,
  requiredErrorListsElicitations,
  requiredErrorUrlMode,
  contentOnlyWithAccept,
  contentMatchesSchema,
];
