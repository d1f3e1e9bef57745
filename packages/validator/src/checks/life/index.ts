/** The checks of the LIFE area: the initialize exchange, its ordering, and negotiated capabilities. */
import type { CheckDefinition } from "../../engine/types.js";
import {
  answeredVersionPublished,
  initializeFirst,
  initializeFromClient,
  initializeResultComplete,
  requestedVersionFormat,
} from "./initialize.js";
import { initializeNotBatched } from "./initialize-alone.js";
import { initializedSent } from "./initialized.js";
import { listChangedDeclared } from "./list-changed-declared.js";
import { negotiatedCapabilitiesOnly } from "./negotiated-capabilities.js";
import { clientWaitsForInitialize, serverWaitsForInitialized } from "./ordering.js";

export const checks: CheckDefinition[] = [
  initializeFirst,
  initializeFromClient,
  initializedSent,
  initializeResultComplete,
  clientWaitsForInitialize,
  serverWaitsForInitialized,
  requestedVersionFormat,
  answeredVersionPublished,
  negotiatedCapabilitiesOnly,
  listChangedDeclared,
  initializeNotBatched,
];
