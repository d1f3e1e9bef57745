/** The checks of the BASE area: JSON-RPC shape, ids, responses, `_meta` keys and the official schema. */
import type { CheckDefinition } from "../../engine/types.js";
import { batchReceived } from "./batching.js";
import { errorCodeOutsideReserved } from "./error-code-range.js";
import { jsonRpcValid } from "./jsonrpc-valid.js";
import { metaNameChars, metaNameEdges, metaPrefixFormat, metaPrefixLabels } from "./meta-keys.js";
import { notificationNoId } from "./notification-no-id.js";
import { requestIdNotNull, requestIdType, requestIdUnique } from "./request-id.js";
import {
  errorCodeInteger,
  errorIdMatches,
  errorMessageConcise,
  errorObject,
  responseHasResult,
  resultIdMatches,
  resultIsObject,
} from "./responses.js";
import { schemaValid } from "./schema-valid.js";

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
];
