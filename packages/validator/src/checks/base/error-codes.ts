/**
 * The error-code partition of 2026-07-28: codes in -32020…-32099 other than the ones the specification defines
 * (modern.reserved-error-code), the withdrawn -32002 and -32042 (modern.withdrawn-error-code), the rest of the
 * legacy -32000…-32019 sub-range new implementations should not use (modern.legacy-error-code), and the data a defined
 * modern error must carry (modern.missing-capability-error-data, modern.unsupported-version-error-data).
 */

import type { MessageRef } from "@mcp-conf/session";
import { isPlainObject } from "@mcp-conf/trace-format";
import type { CheckDefinition } from "../../engine/types.js";
import { quote } from "../support/detail.js";
import { messageRuleCheck } from "../support/message-rule.js";
import {
  errorOf,
  HEADER_MISMATCH,
  MISSING_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "../support/modern.js";
import { type JsonObject, sender } from "../support/readers.js";

const DEFINED = new Set([HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION]);
const WITHDRAWN: Readonly<Record<number, string>> = {
  [-32002]: "resource not found, replaced by -32602",
  [-32042]: "URL elicitation required, 2025-11-25 only",
};

/** A check over the error responses whose `error` object `pick` finds a subject in. */
function errorResponseCheck<S>(
  id: string,
  description: string,
  pick: (error: JsonObject) => S | undefined,
  judge: (subject: S, ref: MessageRef) => string | undefined,
): CheckDefinition {
  return messageRuleCheck({
    id,
    description,
    subscribe: { messages: ["*response"] },
    subject(ref: MessageRef) {
      const error = errorOf(ref);
      const subject = error && pick(error);
      return subject === undefined ? undefined : { subject, ref };
    },
    judge: ({ subject, ref }) => judge(subject, ref),
  });
}

/** A check over every error response's code. */
function errorCodeCheck(
  id: string,
  description: string,
  judge: (code: number, ref: MessageRef) => string | undefined,
): CheckDefinition {
  return errorResponseCheck(id, description, ({ code }) => (typeof code === "number" ? code : undefined), judge);
}

export const reservedErrorCode = errorCodeCheck(
  "modern.reserved-error-code",
  "No error code in the MCP-reserved -32020…-32099 sub-range but the ones the specification defines.",
  (code, ref) =>
    code >= -32099 && code <= -32020 && !DEFINED.has(code)
      ? `the ${sender(ref)} sent error ${code}, in the MCP-reserved sub-range -32020…-32099 but not defined by the specification`
      : undefined,
);

export const withdrawnErrorCode = errorCodeCheck(
  "modern.withdrawn-error-code",
  "No error code defined by an earlier revision and withdrawn (-32002, -32042).",
  (code, ref) =>
    Object.hasOwn(WITHDRAWN, code)
      ? `the ${sender(ref)} sent error ${code} (${WITHDRAWN[code]}), which implementations of 2026-07-28 must not emit`
      : undefined,
);

export const legacyErrorCode = errorCodeCheck(
  "modern.legacy-error-code",
  "No error code from the legacy -32000…-32019 sub-range.",
  (code, ref) =>
    code >= -32019 && code <= -32000 && !Object.hasOwn(WITHDRAWN, code)
      ? `the ${sender(ref)} sent error ${code}, from the legacy sub-range -32000…-32019`
      : undefined,
);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string");
/** The schema types data.requiredCapabilities as ClientCapabilities: an object naming at least one capability. */
const namesCapabilities = (value: unknown) => isPlainObject(value) && Object.keys(value).length > 0;

/** A check over the `data` of one defined error code: `field` must hold what `holds` accepts (`what`). */
function errorDataCheck(
  id: string,
  description: string,
  code: number,
  field: string,
  holds: (value: unknown) => boolean,
  what: string,
): CheckDefinition {
  return errorResponseCheck(
    id,
    description,
    (error) => (error.code === code ? error : undefined),
    ({ data }) => {
      const value = isPlainObject(data) ? data[field] : undefined;
      return holds(value) ? undefined : `error ${code} has data.${field} ${quote(value ?? null)}, not ${what}`;
    },
  );
}

export const missingCapabilityErrorData = errorDataCheck(
  "modern.missing-capability-error-data",
  "A MissingRequiredClientCapabilityError (-32021) names the missing capabilities in data.requiredCapabilities.",
  MISSING_CLIENT_CAPABILITY,
  "requiredCapabilities",
  namesCapabilities,
  "a ClientCapabilities object naming the missing capabilities",
);

export const unsupportedVersionErrorData = errorDataCheck(
  "modern.unsupported-version-error-data",
  "An UnsupportedProtocolVersionError (-32022) lists the versions the server supports in data.supported.",
  UNSUPPORTED_PROTOCOL_VERSION,
  "supported",
  isStringList,
  "a non-empty list of strings",
);
