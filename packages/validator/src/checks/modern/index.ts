/** The checks of the modern (2026-07-28) base protocol: resultType, the error-code partition, no server requests. */
import type { CheckDefinition } from "../../engine/types.js";
import { heldUntilServerIsModern } from "../support/modern-server.js";
import {
  legacyErrorCode,
  missingCapabilityErrorData,
  reservedErrorCode,
  unsupportedVersionErrorData,
  withdrawnErrorCode,
} from "./error-codes.js";
import { requestIdUniqueInFlight } from "./request-id-in-flight.js";
import { resultTypePresent } from "./result-type.js";
import { noServerRequests } from "./server-requests.js";

export const checks: CheckDefinition[] = [
  requestIdUniqueInFlight,
  heldUntilServerIsModern(resultTypePresent),
  heldUntilServerIsModern(reservedErrorCode),
  heldUntilServerIsModern(withdrawnErrorCode),
  heldUntilServerIsModern(legacyErrorCode),
  missingCapabilityErrorData,
  unsupportedVersionErrorData,
  noServerRequests,
];
