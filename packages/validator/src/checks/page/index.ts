/** The checks of the PAGE area (server/utilities/pagination). */

import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { requiredFieldsPresentWhere } from "../support/required-meta.js";
import { pageCursorFromServer, pageInvalidCursorAnswered, pageInvalidCursorRejected } from "./cursors.js";

export const checks: CheckDefinition[] = [
  pageInvalidCursorAnswered,
  pageCursorFromServer,
  pageInvalidCursorRejected,
  // The pagination page's requests: those asking for a next page.
  requiredFieldsPresentWhere(
    "page.request-meta-present",
    "Every request for a next page (one carrying a cursor) carries the required per-request _meta fields.",
    (r) => isPlainObject(r.message.params) && r.message.params.cursor !== undefined,
  ),
];
