/**
 * The checks of multi round-trip requests (InputRequiredResult and the client's retry) in 2026-07-28, and of what
 * they replace: no server-to-client requests.
 */
import type { CheckDefinition } from "../../engine/types.js";
import {
  inputRequestKinds,
  inputRequestsDeclared,
  inputRequiredContent,
  inputRequiredMethods,
} from "./input-required.js";
import {
  missingInputReAsked,
  retryAnswersInputs,
  retryEchoesState,
  retryIdDiffers,
  retryNoInventedState,
  stateNotModified,
  stateNotReused,
} from "./retries.js";
import { noServerRequests } from "./server-requests.js";

export const checks: CheckDefinition[] = [
  inputRequiredMethods,
  inputRequiredContent,
  inputRequestKinds,
  inputRequestsDeclared,
  retryIdDiffers,
  retryEchoesState,
  retryNoInventedState,
  retryAnswersInputs,
  stateNotReused,
  stateNotModified,
  missingInputReAsked,
  noServerRequests,
];
