/** The checks of the RES area (server/resources). */
import type { CheckDefinition } from "../../engine/types.js";
import { capabilityDeclaredCheck } from "../support/capability-declared.js";
import { listAnsweredCheck } from "../support/list-answered.js";
import { listChangedNotifiedCheck } from "../support/list-changed-notified.js";
import { uriOf } from "../support/listing.js";
import { resBlobBase64 } from "./blob-base64.js";
import { resNoEmptyContentsForMissing } from "./empty-contents.js";
import { resNotFoundCode } from "./not-found-code.js";
import { resUriValid } from "./uri-valid.js";

export const checks: CheckDefinition[] = [
  capabilityDeclaredCheck({
    id: "res.capability-declared",
    capability: "resources",
    methods: [
      "resources/list",
      "resources/templates/list",
      "resources/read",
      "resources/subscribe",
      "resources/unsubscribe",
    ],
    notifications: ["notifications/resources/list_changed", "notifications/resources/updated"],
    features: {
      "resources/subscribe": "subscribe",
      "resources/unsubscribe": "subscribe",
      "notifications/resources/updated": "subscribe",
    },
  }),
  listChangedNotifiedCheck({
    id: "res.list-changed-notified",
    listMethod: "resources/list",
    itemsKey: "resources",
    notification: "notifications/resources/list_changed",
    keyOf: uriOf,
    noun: "resource",
  }),
  resUriValid,
  resBlobBase64,
  listAnsweredCheck("res.list-answered", "resources/list", "resources"),
  resNotFoundCode,
  resNoEmptyContentsForMissing,
];
