/**
 * Escaping for XML 1.0 text and attribute values. Markup characters become entities; characters XML 1.0 cannot
 * carry at all — C0 controls other than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF — become a visible
 * `\u{…}` escape, since no entity can represent them. No CDATA is ever written, so `]]>` in session text is inert.
 */
import { replaceUnsafe } from "@mcp-conf/trace-format";

// Anything needing attention: markup, forbidden controls, surrogates (checked for pairing below), U+FFFE/U+FFFF.
const NEEDS_ESCAPE = /[&<>"'\u0000-\u001f\ud800-\udfff\ufffe\uffff]/;
const ESCAPE_ALL = /[&<>"'\u0000-\u001f\ufffe\uffff]|[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/** Escapes `text` for XML element content (a carriage return is kept as `&#13;` so parsers do not fold it). */
export function escapeXml(text: string): string {
  return escapeFor(text, false);
}

/**
 * Escapes `text` for a quoted XML attribute value. Tab, LF and CR are written as character references too, since a
 * parser normalises them to spaces in attributes.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeFor(text, true);
}

function escapeFor(text: string, attribute: boolean): string {
  return terminalSafe(escapeMarkup(text, attribute));
}

/** What XML may carry but a terminal must not show raw (C1 controls, bidi overrides, …): a character reference. */
function terminalSafe(xml: string): string {
  return replaceUnsafe(xml, (ch) => (ch === "\t" || ch === "\n" ? ch : `&#x${ch.charCodeAt(0).toString(16)};`));
}

function escapeMarkup(text: string, attribute: boolean): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPE_ALL, (ch) => {
    switch (ch) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      case "'":
        return "&apos;";
      case "\t":
        return attribute ? "&#9;" : ch;
      case "\n":
        return attribute ? "&#10;" : ch;
      case "\r":
        return "&#13;";
      default:
        // A well-formed surrogate pair is an ordinary character; everything else matched here is forbidden.
        if (ch.length === 2) return ch;
        return `\\u{${ch.charCodeAt(0).toString(16)}}`;
    }
  });
}
