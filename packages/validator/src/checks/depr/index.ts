/** The checks of the DEPR area (deprecated.mdx: features a 2026-07-28 session should not adopt). */
import type { CheckDefinition } from "../../engine/types.js";
import { loggingDeprecated, rootsDeprecated, samplingDeprecated } from "./deprecated-features.js";

export const checks: CheckDefinition[] = [rootsDeprecated, samplingDeprecated, loggingDeprecated];
