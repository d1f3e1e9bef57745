/** The checks of the per-request and per-notification `_meta` fields of 2026-07-28. */
import type { CheckDefinition } from "../../engine/types.js";
import { heldUntilServerIsModern } from "../support/modern-server.js";
import { malformedRequest400, malformedRequestRejected, missingCapability400 } from "./malformed-requests.js";
import {
  clientInfoPresent,
  discoverServerInfoPresent,
  requiredFieldsPresent,
  serverInfoPresent,
} from "./required-fields.js";
import { subscriptionIdPresent } from "./subscription-id.js";
import { traceContextFormat } from "./trace-context.js";

export const checks: CheckDefinition[] = [
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
