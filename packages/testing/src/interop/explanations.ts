/**
 * What explains each fail and warn of the interop matrix: a true finding of a peer, documented with the clause it
 * breaks in `corpus/<revision>/real/README.md` (its "True findings of the interop matrix" table), or a validator
 * defect awaiting its fix (VALIDATOR_DEFECTS). And the pairs that cannot hold a session at all (EXPECTED_REFUSALS).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../peers/catalogue.js";
import type { Complaint } from "./judge.js";
import type { Cell } from "./matrix.js";

export interface TrueFinding {
  revision: string;
  /** `server <id>` or `client <id>` (a client id without its mode names every mode). */
  peer: string;
  requirement: string;
  /** The clause, verbatim from the specification. */
  clause: string;
  what: string;
}

const TABLE_HEADING = "## True findings of the interop matrix";

/** The true findings documented for `revision`, from its `real/README.md`. */
export function trueFindings(revision: string): TrueFinding[] {
  const path = join(REPO_ROOT, "corpus", revision, "real", "README.md");
  if (!existsSync(path)) return [];
  const section = readFileSync(path, "utf8").split(TABLE_HEADING)[1]?.split(/^## /m)[0] ?? "";
  const findings: TrueFinding[] = [];
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 6 || !/^`?[A-Z]+-\d{3}`?$/.test(cells[2] ?? "")) continue;
    findings.push({
      revision,
      peer: cells[1]!.replace(/`/g, ""),
      requirement: cells[2]!.replace(/`/g, ""),
      clause: cells[3]!.replace(/^"|"$/g, ""),
      what: cells[4]!,
    });
  }
  return findings;
}

/** A defect of the validator seen on real traffic, reported on the board, that a fix will remove. */
export interface ValidatorDefect {
  requirement: string;
  revision: string;
  clients?: readonly string[];
  servers?: readonly string[];
  transport?: Cell["transport"];
  why: string;
}

/**
 * None at present: the defects the matrix found on real traffic (issue 29: a legacy server's -32601 or -32000 answer
 * to a probe, a probe on a separate stdio process, a pinned client's session with a legacy server, the general
 * deprecation clause beside the feature's own) are fixed. Add one here, with where it shows and the board note or
 * issue item that reports it, when a fail or warn on real traffic is the validator's fault.
 */
export const VALIDATOR_DEFECTS: readonly ValidatorDefect[] = [];

export interface ExpectedRefusal {
  clients: readonly string[];
  servers: readonly string[];
  why: string;
}

export const EXPECTED_REFUSALS: readonly ExpectedRefusal[] = [
  {
    clients: ["ts-sdk-v2 pin", "python-sdk pin"],
    servers: ["everything"],
    why: "a client pinned to 2026-07-28 and a server that speaks only 2025-11-25 and earlier share no revision",
  },
];

export type Explanation =
  | { kind: "true finding"; finding: TrueFinding }
  | { kind: "validator defect"; defect: ValidatorDefect };

const namesClient = (peer: string, client: string) => client === peer || client.startsWith(`${peer} `);

export function explain(cell: Cell, revision: string, complaint: Complaint): Explanation | undefined {
  const finding = trueFindings(revision).find((f) => {
    if (f.requirement !== complaint.id) return false;
    const [side, ...rest] = f.peer.split(" ");
    const id = rest.join(" ");
    return side === "server" ? cell.server === id : side === "client" && namesClient(id, cell.client);
  });
  if (finding) return { kind: "true finding", finding };
  const defect = VALIDATOR_DEFECTS.find(
    (d) =>
      d.requirement === complaint.id &&
      d.revision === revision &&
      (d.transport === undefined || d.transport === cell.transport) &&
      (d.servers === undefined || d.servers.includes(cell.server)) &&
      (d.clients === undefined || d.clients.includes(cell.client)),
  );
  return defect ? { kind: "validator defect", defect } : undefined;
}

export function expectedRefusal(cell: Cell): ExpectedRefusal | undefined {
  return EXPECTED_REFUSALS.find((r) => r.clients.includes(cell.client) && r.servers.includes(cell.server));
}

/** Every fail or warn of the matrix that nothing explains, and every refusal nothing expects, as readable lines. */
export function unexplained(cells: readonly Cell[]): string[] {
  const lines: string[] = [];
  for (const cell of cells) {
    const where = `${cell.client} × ${cell.server} over ${cell.transport}`;
    if (!cell.connected && !expectedRefusal(cell)) lines.push(`${where}: no session (${cell.refusal})`);
    if (cell.connected && expectedRefusal(cell)) lines.push(`${where}: a session, where EXPECTED_REFUSALS has none`);
    for (const trace of cell.traces) {
      for (const complaint of trace.complaints) {
        if (!explain(cell, trace.revision, complaint)) {
          lines.push(
            `${where}: ${complaint.outcome} ${complaint.id} at ${trace.revision}: ${complaint.detail} (${trace.path})`,
          );
        }
      }
    }
  }
  return lines;
}
