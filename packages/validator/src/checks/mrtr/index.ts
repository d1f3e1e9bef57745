/** The checks of multi round-trip requests (InputRequiredResult and the client's retry) in 2026-07-28. */
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { requiredFieldsPresentWhere } from "../support/required-meta.js";
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
  // The multi round-trip page's own requests: the retries, which carry inputResponses or requestState.
  requiredFieldsPresentWhere(
    "mrtr.request-meta-present",
    "Every retry (a request carrying inputResponses or requestState) carries the required per-request _meta fields.",
    (r) =>
      isPlainObject(r.message.params) &&
      (r.message.params.inputResponses !== undefined || r.message.params.requestState !== undefined),
  ),
];
