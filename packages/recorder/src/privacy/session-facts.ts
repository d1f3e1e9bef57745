/**
 * Credentials outside the payload: the server's command line (`meta.command`) and the upstream URL
 * (`meta.upstream`, and every line that prints it) are recorded with their credentials masked, flags or not. A
 * command line is masked by the secret detector plus the `--token VALUE` form (a credential-named option whose value
 * is the next word); a URL loses its user info, query and fragment.
 */
import { redactionPlaceholder } from "@mcp-conf/trace-format";
import { detectSecrets, replaceSpans } from "./detect.js";
import { CREDENTIAL_NAME } from "./secret-kinds.js";

const CREDENTIAL_OPTION = new RegExp(`^-{1,2}(?:[A-Za-z0-9]+[-_.])*${CREDENTIAL_NAME}$`, "i");

/** `argv` with every credential-shaped word (or part of a word) replaced by a placeholder naming its kind. */
export function maskCommandLine(argv: readonly string[]): string[] {
  return readCommandLine(argv).masked;
}

/**
 * The secrets `argv` holds, as `maskCommandLine` finds them: a server that echoes one (on stderr, in a payload) has
 * it redacted there too, as a value the recorder knows to be secret (`RedactionRules.known`).
 */
export function commandLineSecrets(argv: readonly string[]): string[] {
  return readCommandLine(argv).secrets;
}

function readCommandLine(argv: readonly string[]): { masked: string[]; secrets: string[] } {
  const masked: string[] = [];
  const secrets: string[] = [];
  let valueOfCredentialOption = false;
  for (const word of argv) {
    if (valueOfCredentialOption && !word.startsWith("-")) {
      masked.push(redactionPlaceholder("secret:credential-pair"));
      secrets.push(word);
      valueOfCredentialOption = false;
      continue;
    }
    valueOfCredentialOption = CREDENTIAL_OPTION.test(word);
    const found = detectSecrets(word);
    for (const { start, end } of found) secrets.push(unquote(word.slice(start, end)));
    masked.push(replaceSpans(word, found, ({ kind }) => redactionPlaceholder(`secret:${kind}`)));
  }
  return { masked, secrets };
}

function unquote(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** The URL as it may be recorded and printed: scheme, host, port and path; no user info, query or fragment. */
export function safeUrl(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
