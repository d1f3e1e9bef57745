/** The checks of the ROOT area (client/roots and Root in the schema). */
import type { CheckDefinition } from "../../engine/types.js";
import { answeredOnlyWhenDeclared, listOnlyWhenDeclared, unsupportedListRejected } from "./roots-capability.js";
import { listChangedNotified, uriFileScheme } from "./roots-list.js";

export const checks: CheckDefinition[] = [
  listOnlyWhenDeclared,
  answeredOnlyWhenDeclared,
  unsupportedListRejected,
  uriFileScheme,
  listChangedNotified,
];
