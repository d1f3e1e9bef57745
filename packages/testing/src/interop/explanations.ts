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

export const VALIDATOR_DEFECTS: readonly ValidatorDefect[] = [
  ...["TRAN-121", "TRAN-122", "VER-011", "VER-012"].map((requirement) => ({
    requirement,
    revision: "2026-07-28",
    transport: "stdio" as const,
    why: "a stdio session after a probe on its own process (or a pinned client's, which needs none) is judged as if the client should have probed inside it (issue 29, item 3)",
  })),
  ...["VER-003", "VER-006"].map((requirement) => ({
    requirement,
    revision: "2026-07-28",
    servers: ["everything"],
    transport: "stdio" as const,
    why: "a legacy server's -32601 answer to a server/discover probe is the specification's own legacy signal, not a failure (issue 29, item 1)",
  })),
  {
    requirement: "BASE-040",
    revision: "2026-07-28",
    servers: ["everything"],
    transport: "http",
    why: "a 2025 server's -32000 in its answer to a probe is judged by a clause that binds 2026-07-28 implementations (issue 29, item 2)",
  },
  {
    requirement: "LIFE-001",
    revision: "2025-11-25",
    servers: ["everything"],
    transport: "stdio",
    why: "a client that probes server/discover in the same stdio process, gets -32601 and falls back to initialize is judged as not initializing first (the stdio fallback the specification describes; board, 23:03)",
  },
  {
    requirement: "DEPR-001",
    revision: "2026-07-28",
    why: "the general clause on deprecated features fires beside the feature's own (DEPR-002, DEPR-004) for the same fact (issue 29, item 6)",
  },
  ...["BASE-038", "BASE-049"].map((requirement) => ({
    requirement,
    revision: "2026-07-28",
    clients: ["python-sdk pin"],
    servers: ["everything"],
    transport: "stdio" as const,
    why: "a 2025-only server, sent a 2026-07-28 request by a pinned client, is held to 2026-07-28 result clauses it never agreed to (board, 23:03)",
  })),
];

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
