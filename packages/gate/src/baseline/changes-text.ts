/**
 * Definition changes as lines a person reads, shared by `diff` and `baseline`: each field that changed with its
 * JSON Pointer and the values before and after (compact JSON, cut to a readable length, escaped for the terminal),
 * and — where a tool's description changed — the line saying that this is how a "rug pull" shows.
 */
import type { DefinitionsDiff, FieldChange } from "@mcp-conf/analysis";
import { escapeTerminal } from "@mcp-conf/trace-format";

/** Longest value printed in full; longer ones are cut with `…`. */
const VALUE_CHARS = 160;

export const RUG_PULL_NOTE =
  'a changed description is how a "rug pull" shows: the model now reads other instructions for a tool approved as it was';

/** A JSON value on one line, at most VALUE_CHARS characters, safe for a terminal. */
export function shortValue(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  const cut = text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
  return escapeTerminal(cut);
}

/** `/path: before → after`, `/path: added value`, `/path: removed value`. */
export function fieldChangeLine(field: FieldChange): string {
  const path = escapeTerminal(field.path === "" ? "(the whole value)" : field.path);
  switch (field.change) {
    case "added":
      return `${path}: added ${shortValue(field.after)}`;
    case "removed":
      return `${path}: removed ${shortValue(field.before)}`;
    case "changed":
      return `${path}: ${shortValue(field.before)} → ${shortValue(field.after)}`;
  }
}

/**
 * The lines of one kind's changes, indented by `indent`: `+ name` added, `- name` removed, `~ name (seq N)` changed
 * with one line per field. `kind` "tools" adds the rug-pull note under a changed description.
 */
export function definitionsDiffLines(kind: string, diff: DefinitionsDiff, indent = "  "): string[] {
  const lines: string[] = [];
  for (const item of diff.added) lines.push(`${indent}+ ${escapeTerminal(item.name)} (added)`);
  for (const item of diff.removed) lines.push(`${indent}- ${escapeTerminal(item.name)} (removed)`);
  for (const change of diff.changed) {
    lines.push(`${indent}~ ${escapeTerminal(change.name)} (seq ${change.seq})`);
    for (const field of change.fields) {
      lines.push(`${indent}    ${fieldChangeLine(field)}`);
      if (kind === "tools" && field.path === "/description") lines.push(`${indent}    ! ${RUG_PULL_NOTE}`);
    }
  }
  return lines;
}

/** "1 added, 2 changed", or "no change". */
export function definitionsDiffSummary(diff: DefinitionsDiff): string {
  const parts: string[] = [];
  if (diff.added.length > 0) parts.push(`${diff.added.length} added`);
  if (diff.removed.length > 0) parts.push(`${diff.removed.length} removed`);
  if (diff.changed.length > 0) parts.push(`${diff.changed.length} changed`);
  return parts.length === 0 ? "no change" : parts.join(", ");
}
