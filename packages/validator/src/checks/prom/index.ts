/** The checks of the PROM area (server/prompts). */
import type { CheckDefinition } from "../../engine/types.js";
import { capabilityDeclaredCheck } from "../support/capability-declared.js";
import { listAnsweredCheck } from "../support/list-answered.js";
import { listChangedNotifiedCheck } from "../support/list-changed-notified.js";
import { nameOf } from "../support/listing.js";
import {
  promAudioContentEncoded,
  promEmbeddedResourceContent,
  promEmbeddedResourceMimeType,
  promEmbeddedResourceUri,
  promImageContentEncoded,
} from "./message-content.js";
import { promRequiredArgumentsEnforced, promUnknownNameRejected } from "./requests.js";

export const checks: CheckDefinition[] = [
  capabilityDeclaredCheck({
    id: "prom.capability-declared",
    capability: "prompts",
    methods: ["prompts/list", "prompts/get"],
    notifications: ["notifications/prompts/list_changed"],
  }),
  listChangedNotifiedCheck({
    id: "prom.list-changed-notified",
    listMethod: "prompts/list",
    itemsKey: "prompts",
    notification: "notifications/prompts/list_changed",
    keyOf: nameOf,
    noun: "prompt",
  }),
  promImageContentEncoded,
  promAudioContentEncoded,
  promEmbeddedResourceUri,
  promEmbeddedResourceMimeType,
  promEmbeddedResourceContent,
  promUnknownNameRejected,
  promRequiredArgumentsEnforced,
  listAnsweredCheck("prom.list-answered", "prompts/list", "prompts"),
];
