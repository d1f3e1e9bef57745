/**
 * Nesting depth of a JSON text, measured by scanning its characters before it is parsed, so that a hostile line of
 * 100,000 `[` is refused in linear time without recursion. String contents are skipped with `indexOf`, which keeps
 * the scan cheap on real traffic (most bytes of an MCP message are inside strings).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether any array or object in `text` is nested deeper than `maxDepth` (the outermost value is depth 1). Works on
 * invalid JSON too: brackets outside strings are counted, an unterminated string ends the scan.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  const length = text.length;
  if (length <= maxDepth) return false;
  let depth = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end === -1) return false;
        let before = end - 1;
        while (text.charCodeAt(before) === BACKSLASH) before--;
        if ((end - 1 - before) % 2 === 0) break;
      }
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
