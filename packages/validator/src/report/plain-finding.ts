/**
 * A finding as one plain line (`seq N: detail`, or the bare detail) before any medium's escaping: the XML and SARIF
 * renderers escape it for their own medium, the text renderer for the terminal.
 */
import type { Finding } from "../engine/types.js";

export function findingPlainLine(finding: Finding): string {
  return finding.seq === undefined ? finding.detail : `seq ${finding.seq}: ${finding.detail}`;
}
