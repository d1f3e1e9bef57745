/**
 * The text a redacted value is replaced with, `[redacted:<rule>]`: written by the recorder's redaction, recognised
 * by the validator (a check never judges a placeholder as if it were the value) and by the secret detector (a
 * placeholder is not a secret). Defined here, once, because both sides of that contract read this package.
 */

/** The placeholder of a rule: `[redacted:key:password]`, `[redacted:secret:github-token]`, … */
export function redactionPlaceholder(rule: string): string {
  return `[redacted:${rule}]`;
}

/** True for a value redaction put in place of the original (`[redacted:…]`, quotes around it allowed). */
export function isRedactionPlaceholder(value: unknown): boolean {
  return typeof value === "string" && /^"?\[redacted:[^\]]*\]"?$/.test(value);
}
