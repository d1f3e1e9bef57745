/**
 * The checks of the BASE area: JSON-RPC shape, ids, responses, `_meta` keys and the official schema; of 2026-07-28,
 * the per-request and per-notification `_meta` fields, resultType and the error-code partition.
 */
import type { CheckDefinition } from "../../engine/types.js";
import { heldUntilServerIsModern } from "../support/modern-server.js";
import { batchReceived } from "./batching.js";
import { errorCodeOutsideReserved } from "./error-code-range.js";
import {
  legacyErrorCode,
  missingCapabilityErrorData,
  reservedErrorCode,
  unsupportedVersionErrorData,
  withdrawnErrorCode,
} from "./error-codes.js";
import { jsonRpcValid } from "./jsonrpc-valid.js";
import { malformedRequest400, malformedRequestRejected, missingCapability400 } from "./malformed-requests.js";
import { metaNameChars, metaNameEdges, metaPrefixFormat, metaPrefixLabels } from "./meta-keys.js";
import { notificationNoId } from "./notification-no-id.js";
import { requestIdNotNull, requestIdType, requestIdUnique } from "./request-id.js";
import { requestIdUniqueInFlight } from "./request-id-in-flight.js";
import {
  clientInfoPresent,
  discoverServerInfoPresent,
  requiredFieldsPresent,
  serverInfoPresent,
} from "./required-fields.js";
import {
  errorCodeInteger,
  errorIdMatches,
  errorMessageConcise,
  errorObject,
  responseHasResult,
  resultIdMatches,
  resultIsObject,
} from "./responses.js";
import { resultTypePresent } from "./result-type.js";
import { schemaValid } from "./schema-valid.js";
import { subscriptionIdPresent } from "./subscription-id.js";
import { traceContextFormat } from "./trace-context.js";

export const checks: CheckDefinition[] = [
  jsonRpcValid,
  requestIdType,
  requestIdNotNull,
  requestIdUnique,
  resultIdMatches,
  responseHasResult,
  resultIsObject,
  errorIdMatches,
  errorObject,
  errorCodeInteger,
  errorMessageConcise,
  notificationNoId,
  schemaValid,
  metaPrefixFormat,
  metaPrefixLabels,
  metaNameEdges,
  metaNameChars,
  batchReceived,
  errorCodeOutsideReserved,
  // 2026-07-28: request ids in flight, resultType, the error-code partition.
  requestIdUniqueInFlight,
  heldUntilServerIsModern(resultTypePresent),
  heldUntilServerIsModern(reservedErrorCode),
  heldUntilServerIsModern(withdrawnErrorCode),
  heldUntilServerIsModern(legacyErrorCode),
  missingCapabilityErrorData,
  unsupportedVersionErrorData,
  // 2026-07-28: the per-request and per-notification `_meta` fields.
  requiredFieldsPresent,
  clientInfoPresent,
  heldUntilServerIsModern(serverInfoPresent),
  discoverServerInfoPresent,
  traceContextFormat,
  subscriptionIdPresent,
  malformedRequestRejected,
  malformedRequest400,
  missingCapability400,
];
