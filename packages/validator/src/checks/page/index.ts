/** The checks of the PAGE area (server/utilities/pagination). */

import type { CheckDefinition } from "../../engine/types.js";
import { pageCursorFromServer, pageInvalidCursorAnswered, pageInvalidCursorRejected } from "./cursors.js";

export const checks: CheckDefinition[] = [pageInvalidCursorAnswered, pageCursorFromServer, pageInvalidCursorRejected];
