/** The checks of the TOOL area (server/tools). */
import type { CheckDefinition } from "../../engine/types.js";
import { capabilityDeclaredCheck } from "../support/capability-declared.js";
import { listAnsweredCheck } from "../support/list-answered.js";
import { listChangedNotifiedCheck } from "../support/list-changed-notified.js";
import { nameOf } from "../support/listing.js";
import { toolDeterministicOrder } from "./deterministic-order.js";
import { toolEmbeddedResourcesCapability } from "./embedded-resources-capability.js";
import {
  headerIntegerSafe,
  headerNameNoControls,
  headerNameNotEmpty,
  headerNameToken,
  headerNameUnique,
  headerParamNotSensitive,
  headerParamPrimitive,
  headerParamReachable,
  invalidHeaderToolNotCalled,
} from "./header-annotations.js";
import { toolInputSchemaObject, toolInputSchemaValid } from "./input-schema-valid.js";
import { toolInvalidInputRejected } from "./invalid-input-rejected.js";
import { toolNameCharset, toolNameLength, toolNameUnique } from "./names.js";
import { toolStructuredContentConforms, toolStructuredContentSerialized } from "./structured-content.js";

const toolCapabilityDeclared = capabilityDeclaredCheck({
  id: "tool.capability-declared",
  capability: "tools",
  methods: ["tools/list", "tools/call"],
  notifications: ["notifications/tools/list_changed"],
});

const toolListChangedNotified = listChangedNotifiedCheck({
  id: "tool.list-changed-notified",
  listMethod: "tools/list",
  itemsKey: "tools",
  notification: "notifications/tools/list_changed",
  keyOf: nameOf,
  noun: "tool",
});

export const checks: CheckDefinition[] = [
  toolCapabilityDeclared,
  toolListChangedNotified,
  toolInputSchemaObject,
  toolInputSchemaValid,
  toolNameLength,
  toolNameCharset,
  toolNameUnique,
  toolEmbeddedResourcesCapability,
  toolStructuredContentSerialized,
  toolStructuredContentConforms,
  toolInvalidInputRejected,
  toolDeterministicOrder,
  headerNameNotEmpty,
  headerNameToken,
  headerNameNoControls,
  headerNameUnique,
  headerParamPrimitive,
  headerIntegerSafe,
  headerParamReachable,
  headerParamNotSensitive,
  invalidHeaderToolNotCalled,
  listAnsweredCheck("tool.list-answered", "tools/list", "tools"),
];
