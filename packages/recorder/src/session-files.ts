/**
 * Which file each session of an HTTP proxy writes, from one path template: with `{session}` in it every session
 * gets its own file; without it the first session writes the file itself and each later one the file with
 * `.{session}` before its extension (`trace.jsonl`, `trace.<session>.jsonl`, …). A file that exists is the opener's
 * business (the file sinks' `force` and `sibling`).
 */
import { basename, dirname, extname, join } from "node:path";

/** The placeholder a trace path template names the session with (trace-format's writer expands it). */
export const SESSION_PLACEHOLDER = "{session}";

/** The template FILE with `.{session}` inserted before its extension. */
export function perSessionTemplate(file: string): string {
  const ext = extname(file);
  return join(dirname(file), `${basename(file, ext)}.${SESSION_PLACEHOLDER}${ext}`);
}

/**
 * A per-session factory over `open(template, session)`. Without `{session}` in the template, the first session's
 * file is opened here, at once, so that a file that cannot be written is refused before the proxy listens.
 */
export function sessionFiles<S>(
  template: string,
  open: (template: string, session: string) => S,
): (session: string) => S {
  if (template.includes(SESSION_PLACEHOLDER)) return (session) => open(template, session);
  const first = open(template, "");
  let firstTaken = false;
  const later = perSessionTemplate(template);
  return (session) => {
    if (firstTaken) return open(later, session);
    firstTaken = true;
    return first;
  };
}
