/**
 * The preset of credential shapes behind `--redact-secrets` and `check --fail-on secret`: one named pattern per
 * kind of credential. Shapes follow the issuers' published formats (prefix, alphabet, length), tight enough that
 * ordinary MCP traffic (ids, cursors, base64 blobs, progress tokens) does not match. A pattern's match is the
 * credential itself: the span a redaction replaces and a finding points at.
 */

/** The kinds of credential the preset knows, in the order they are tried. */
export const SECRET_KINDS = [
  "private-key",
  "jwt",
  "bearer-token",
  "aws-access-key",
  "github-token",
  "gitlab-token",
  "slack-token",
  "anthropic-key",
  "openai-key",
  "google-api-key",
  "url-userinfo",
  "credential-pair",
] as const;

export type SecretKind = (typeof SECRET_KINDS)[number];

export interface SecretPattern {
  kind: SecretKind;
  /** Global regex. The credential is the named group `secret` when there is one, else the whole match. */
  pattern: RegExp;
}

/** Names a credential goes by in `name=value` text (query strings, env files, command lines). */
export const CREDENTIAL_NAME =
  "(?:password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|id[_-]?token|session[_-]?token|token)";

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: "private-key",
    // The armoured block; a block cut short (a line of stderr) runs to the end of the text.
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "bearer-token", pattern: /\b[Bb]earer[ \t]+(?<secret>[A-Za-z0-9\-._~+/]{16,}=*)(?![A-Za-z0-9\-._~+/="])/g },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)[A-Z2-7]{16}\b/g },
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: "gitlab-token", pattern: /\bgl(?:pat|dt|ptt|rt|oas)-[A-Za-z0-9_-]{20,}/g },
  {
    kind: "slack-token",
    pattern:
      /\bxox[abposre]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{20,}/g,
  },
  { kind: "anthropic-key", pattern: /\bsk-ant-(?:[a-z]+\d\d-)?[A-Za-z0-9_-]{32,}/g },
  {
    kind: "openai-key",
    pattern: /\bsk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{20,})?/g,
  },
  { kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  // The password of `scheme://user:password@host`.
  { kind: "url-userinfo", pattern: /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/?#@:]+:(?<secret>[^\s/?#@]+)@/g },
  {
    kind: "credential-pair",
    // `NAME=value` where NAME is a credential word or ends in one after `_`, `-` or `.`: `?api_key=…`,
    // `DB_PASSWORD=…`, `--token=…` (not `progressToken=…`).
    pattern: new RegExp(
      `(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9_.-]*[_.-])?${CREDENTIAL_NAME}[ \\t]*=[ \\t]*(?<secret>"[^"\\s]{4,}"|'[^'\\s]{4,}'|[^\\s&"',;<>]{4,})`,
      "gi",
    ),
  },
];
