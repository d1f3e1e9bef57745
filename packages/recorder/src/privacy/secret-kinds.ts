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
  "basic-auth",
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
  /** A text without this substring cannot hold the kind: the pattern is not run on it. */
  needle?: string;
  /** A further test of the credential's value, for shapes a regular expression cannot tell from prose. */
  accept?: (value: string) => boolean;
}

/** Names a credential goes by in `name=value` text (query strings, env files, command lines). */
export const CREDENTIAL_NAME =
  "(?:password|passwd|pwd|passphrase|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|id[_-]?token|session[_-]?token|token)";

/*
 * Linear time: V8 tries a global pattern at every position, so a pattern that may scan far from each of many starts
 * is quadratic (`\bjwt…` on `eyJ-eyJ-…`, `\bscheme://` on `a.a.a…`). Each pattern below therefore begins with a
 * literal (which V8 finds by a fast search), and its word boundary or name before that literal is a lookbehind
 * (`(?<=(?<!…)…literal)`) that can only look back as far as the run it sits in.
 */
const VALUE = `(?<secret>"[^"\\s]{4,}"|'[^'\\s]{4,}'|[^\\s&"',;<>]{4,})`;

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: "private-key",
    needle: "PRIVATE KEY",
    // The armoured block; a block cut short (a line of stderr) runs to the end of the text.
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  {
    kind: "jwt",
    needle: "eyJ",
    pattern: /eyJ(?<=(?<![A-Za-z0-9_-])eyJ)[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    kind: "bearer-token",
    needle: "earer",
    pattern: /earer(?<=(?<![A-Za-z0-9_])[Bb]earer)[ \t]+(?<secret>[A-Za-z0-9\-._~+/]{16,}=*)(?![A-Za-z0-9\-._~+/="])/g,
  },
  {
    // `Basic base64(user:password)`: the decoded value must hold a `:`, which tells it from the word "Basic".
    kind: "basic-auth",
    needle: "asic",
    pattern: /asic(?<=(?<![A-Za-z0-9_])[Bb]asic)[ \t]+(?<secret>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g,
    accept: (value) => /^[\x20-\x7e]+:[\x20-\x7e]*$/.test(Buffer.from(value, "base64").toString("latin1")),
  },
  {
    kind: "aws-access-key",
    pattern: /A(?<=(?<![A-Za-z0-9_])A)(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA)[A-Z2-7]{16}(?![A-Za-z0-9_])/g,
  },
  {
    kind: "github-token",
    pattern:
      /(?:gh[pousr]_|github_pat_)(?<=(?<![A-Za-z0-9_])(?:gh[pousr]_|github_pat_))[A-Za-z0-9_]{22,255}(?![A-Za-z0-9_])/g,
    accept: (value) => /^(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})$/.test(value),
  },
  {
    kind: "gitlab-token",
    needle: "gl",
    pattern: /gl(?<=(?<![A-Za-z0-9_])gl)(?:pat|dt|ptt|rt|oas)-[A-Za-z0-9_-]{20,}/g,
  },
  {
    kind: "slack-token",
    pattern:
      /xox(?<=(?<![A-Za-z0-9_])xox)[abposre]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{20,}/g,
  },
  {
    kind: "anthropic-key",
    needle: "sk-ant-",
    pattern: /sk-ant-(?<=(?<![A-Za-z0-9_])sk-ant-)(?:[a-z]+\d\d-)?[A-Za-z0-9_-]{32,}/g,
  },
  {
    kind: "openai-key",
    needle: "sk-",
    pattern:
      /sk-(?<=(?<![A-Za-z0-9_])sk-)(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}(?:T3BlbkFJ[A-Za-z0-9_-]{20,})?/g,
  },
  {
    kind: "google-api-key",
    needle: "AIza",
    pattern: /AIza(?<=(?<![A-Za-z0-9_])AIza)[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  },
  {
    // The password of `scheme://user:password@host`.
    kind: "url-userinfo",
    needle: "://",
    pattern: /:\/\/(?<=(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/)[^\s/?#@:]+:(?<secret>[^\s/?#@]+)@/g,
  },
  {
    kind: "credential-pair",
    // `NAME=value` where NAME is a credential word or ends in one after `_`, `-` or `.`: `?api_key=…`,
    // `DB_PASSWORD=…`, `--token=…` (not `progressToken=…`); the same as YAML or a header (`password: …`), and
    // as JSON held in a string (`"password": "…"`).
    pattern: new RegExp(
      `[=:](?<=(?<![A-Za-z0-9_.-])(?:[A-Za-z0-9_.-]*[_.-])?${CREDENTIAL_NAME}"?[ \\t]*[=:])[ \\t]*${VALUE}`,
      "gi",
    ),
  },
];
