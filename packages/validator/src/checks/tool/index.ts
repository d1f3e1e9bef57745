/** The checks of the TOOL area (server/tools). */
import type { CheckDefinition } from "../../engine/types.js";
import { toolCapabilityDeclared } from "./capability-declared.js";
import { toolEmbeddedResourcesCapability } from "./embedded-resources-capability.js";
import { toolInputSchemaValid } from "./input-schema-valid.js";
import { toolInvalidInputRejected } from "./invalid-input-rejected.js";
import { toolListChangedNotified } from "./list-changed-notified.js";
import { toolNameCharset, toolNameLength, toolNameUnique } from "./names.js";
import { toolStructuredContentConforms, toolStructuredContentSerialized } from "./structured-content.js";

export const checks: CheckDefinition[] = [
  toolCapabilityDeclared,
  toolListChangedNotified,
  toolInputSchemaValid,
  toolNameLength,
  toolNameCharset,
  toolNameUnique,
  toolEmbeddedResourcesCapability,
  toolStructuredContentSerialized,
  toolStructuredContentConforms,
  toolInvalidInputRejected,
];
