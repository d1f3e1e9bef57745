/** The checks of the COMP area (server/utilities/completion). */
import type { CheckDefinition } from "../../engine/types.js";
import { capabilityDeclaredCheck } from "../support/capability-declared.js";
import { compUnknownPromptRejected, compValuesLimit } from "./completions.js";

export const checks: CheckDefinition[] = [
  capabilityDeclaredCheck({
    id: "comp.capability-declared",
    capability: "completions",
    methods: ["completion/complete"],
    notifications: [],
  }),
  compUnknownPromptRejected,
  compValuesLimit,
];
