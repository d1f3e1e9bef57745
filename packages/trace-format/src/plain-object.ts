/** The one type guard every reader of untrusted JSON starts from. */

/** Whether a value is a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
