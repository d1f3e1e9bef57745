/** The TRAN checks of 2026-07-28 streamable HTTP: routing headers, Server Validation, error statuses, cancellation. */
import type { CheckDefinition } from "../../../engine/types.js";
import { nothingAfterStreamClosed } from "./cancellation.js";
import {
  base64MarkersLowercase,
  missingParamHeaderOmitted,
  nameValueEncoded,
  noClientResponses,
  nullParamHeaderOmitted,
  paramHeadersMirrored,
  paramHeadersOmitted,
  paramValuesEncoded,
  protocolVersionHeaderMatches,
  protocolVersionHeaderPresent,
  sentinelShapedValuesEncoded,
  standardHeadersMatch,
  standardHeadersPresent,
} from "./client-headers.js";
import { noFallbackAfterModernError } from "./modern-error-fallback.js";
import { toolsRelistedAfterMismatch } from "./relist-after-mismatch.js";
import {
  integerParamsComparedNumerically,
  missingParamHeaderNotExpected,
  nullParamHeaderNotExpected,
} from "./server-expectations.js";
import {
  encodedValuesDecoded,
  headerRejectionForm,
  invalidParamRejected,
  mismatchRejected,
  missingHeaderRejected,
  paramMismatchRejected,
  unknownMethod404,
  unsupportedVersion400,
  versionHeaderRequired,
  versionMismatchRejected,
} from "./server-validation.js";
import { sseNoBuffering } from "./sse-buffering.js";
import { streamNotificationsRelated } from "./stream-notifications.js";

export const checks: CheckDefinition[] = [
  protocolVersionHeaderPresent,
  protocolVersionHeaderMatches,
  standardHeadersPresent,
  standardHeadersMatch,
  nameValueEncoded,
  paramValuesEncoded,
  sentinelShapedValuesEncoded,
  base64MarkersLowercase,
  paramHeadersMirrored,
  paramHeadersOmitted,
  nullParamHeaderOmitted,
  missingParamHeaderOmitted,
  noClientResponses,
  versionMismatchRejected,
  mismatchRejected,
  paramMismatchRejected,
  missingHeaderRejected,
  invalidParamRejected,
  versionHeaderRequired,
  headerRejectionForm,
  unknownMethod404,
  unsupportedVersion400,
  encodedValuesDecoded,
  nothingAfterStreamClosed,
  sseNoBuffering,
  nullParamHeaderNotExpected,
  missingParamHeaderNotExpected,
  integerParamsComparedNumerically,
  streamNotificationsRelated,
  toolsRelistedAfterMismatch,
  noFallbackAfterModernError,
];
