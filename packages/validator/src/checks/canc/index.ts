/** The checks of the CANC area (basic/utilities/cancellation and CancelledNotification in the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import {
  initializeNotCancelled,
  referencesIssuedRequest,
  requestIdPresent,
  requestInFlight,
  taskNotCancelledByNotification,
} from "./cancellation-target.js";
import { noResponseAfterCancel } from "./no-response-after-cancel.js";
import { progressStopsAfterCancel } from "./progress-after-cancel.js";
import { listenTeardownAnnounced, serverCancelsOnlyListen } from "./server-cancellation.js";

export const checks: CheckDefinition[] = [
  referencesIssuedRequest,
  requestInFlight,
  initializeNotCancelled,
  taskNotCancelledByNotification,
  requestIdPresent,
  noResponseAfterCancel,
  progressStopsAfterCancel,
  serverCancelsOnlyListen,
  listenTeardownAnnounced,
];
