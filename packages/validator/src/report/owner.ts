/**
 * Who owes a finding, as every renderer prints it: `server`, `client`, or `server or client` where a clause binds
 * both sides and nothing tells which one sent what the finding rests on.
 */
import type { Finding } from "../engine/types.js";

export function ownerLabel(finding: Finding): string {
  return finding.owner ?? "server or client";
}
