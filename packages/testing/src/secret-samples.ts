/**
 * Fake but well-shaped credentials, one or more per preset kind of the recorder's secret detector (its
 * `SECRET_KINDS`; the recorder's detect test holds the two lists equal), for the recorder's tests and `check
 * --fail-on secret`'s. None is a real credential: each is built from a fixed filler, so none can have been issued.
 * They are assembled from pieces so that the source file itself does not hold a credential-shaped literal.
 */

const fill = (n: number, alphabet = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789") =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7) % alphabet.length]).join("");

/** Each sample's kind and a text that holds it (`value` is exactly the span the detector must report). */
export const SECRET_SAMPLES: ReadonlyArray<{ kind: string; value: string; text: string }> = [
  ((value) => ({ kind: "private-key", value, text: `key: ${value}` }))(
    ["-----BEGIN RSA PRIVATE", " KEY-----\n", fill(64), "\n", fill(20), "\n-----END RSA PRIVATE", " KEY-----"].join(""),
  ),
  ((value) => ({ kind: "jwt", value, text: `session ${value} issued` }))(
    ["eyJ", "hbGciOiJIUzI1NiJ9", ".eyJ", "zdWIiOiJmYWtlLXVzZXIifQ", ".", fill(43, "abcdefghijklmnopqrstuvwxyz-_")].join(
      "",
    ),
  ),
  ((value) => ({ kind: "bearer-token", value, text: `Authorization: Bearer ${value}` }))(
    ["opaque", fill(30, "abcdef0123456789")].join("."),
  ),
  ((value) => ({ kind: "basic-auth", value, text: `Authorization: Basic ${value}` }))(
    Buffer.from(["app", ":", "s3cr", "et-pw"].join("")).toString("base64"),
  ),
  ((value) => ({ kind: "aws-access-key", value, text: `aws_id ${value} in use` }))(
    ["AKIA", fill(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")].join(""),
  ),
  ((value) => ({ kind: "github-token", value, text: `clone with ${value}` }))(["ghp", "_", fill(36)].join("")),
  ((value) => ({ kind: "github-token", value, text: `fine-grained ${value}` }))(
    ["github", "_pat_", fill(22), "_", fill(59)].join(""),
  ),
  ((value) => ({ kind: "gitlab-token", value, text: `token ${value} ok` }))(["glpat", "-", fill(20)].join("")),
  ((value) => ({ kind: "slack-token", value, text: `slack ${value}` }))(
    ["xoxb", "-", "1234567890", "-", "0987654321", "-", fill(24)].join(""),
  ),
  ((value) => ({ kind: "anthropic-key", value, text: `ANTHROPIC ${value}` }))(
    ["sk-", "ant-", "api03-", fill(93, "abcdefghijklmnopqrstuvwxyzABCDEF0123456789_-"), "AA"].join(""),
  ),
  ((value) => ({ kind: "openai-key", value, text: `OPENAI ${value}` }))(["sk-", "proj-", fill(48)].join("")),
  ((value) => ({ kind: "google-api-key", value, text: `maps key ${value}.` }))(["AI", "za", fill(35)].join("")),
  ((value) => ({ kind: "url-userinfo", value, text: `DATABASE postgres://app:${value}@db.internal:5432/main` }))(
    ["s3cr", "et-pw"].join(""),
  ),
  ((value) => ({ kind: "credential-pair", value, text: `https://example.test/cb?user=x&api_key=${value}&y=1` }))(
    ["not", "-", "really", "-", "a-key"].join(""),
  ),
  ((value) => ({ kind: "credential-pair", value, text: `DB_PASSWORD=${value}` }))(
    ["hunter", "2", "hunter", "2"].join(""),
  ),
];
