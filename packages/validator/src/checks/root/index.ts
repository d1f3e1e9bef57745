/** The checks of the ROOT area (client/roots and Root in the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import { viaInputRequests } from "../support/input-rounds.js";
import { answeredOnlyWhenDeclared, listOnlyWhenDeclared, unsupportedListRejected } from "./roots-capability.js";
import { listChangedNotified, uriFileScheme } from "./roots-list.js";

// viaInputRequests: the check also judges 2026-07-28 input requests (in an InputRequiredResult, answered in the retry).
export const checks: CheckDefinition[] = [
  viaInputRequests(listOnlyWhenDeclared),
  answeredOnlyWhenDeclared,
  unsupportedListRejected,
  viaInputRequests(uriFileScheme),
  listChangedNotified,
];
