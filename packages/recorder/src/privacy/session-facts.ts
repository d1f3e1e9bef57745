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
  const out: string[] = [];
  let valueOfCredentialOption = false;
  for (const word of argv) {
    if (valueOfCredentialOption && !word.startsWith("-")) {
      out.push(redactionPlaceholder("secret:credential-pair"));
      valueOfCredentialOption = false;
      continue;
    }
    valueOfCredentialOption = CREDENTIAL_OPTION.test(word);
    out.push(replaceSpans(word, detectSecrets(word), ({ kind }) => redactionPlaceholder(`secret:${kind}`)));
  }
  return out;
}

/** The URL as it may be recorded and printed: scheme, host, port and path; no user info, query or fragment. */
export function safeUrl(url: string | URL): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
