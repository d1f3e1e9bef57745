/** The checks of versioning, extension negotiation and server/discover in 2026-07-28. */
import type { CheckDefinition } from "../../engine/types.js";
import { heldUntilServerIsModern } from "../support/modern-server.js";
import { modernClientProbesFirst } from "./discover-probe.js";
import {
  discoverImplemented,
  extensionIdentifier,
  retryWithSupportedVersion,
  unsupportedVersionRejected,
} from "./versions.js";

export const checks: CheckDefinition[] = [
  unsupportedVersionRejected,
  retryWithSupportedVersion,
  heldUntilServerIsModern(discoverImplemented),
  extensionIdentifier,
  modernClientProbesFirst,
];
