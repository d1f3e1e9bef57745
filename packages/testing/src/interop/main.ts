/**
 * `pnpm interop`: runs the interop matrix (after `pnpm build` and `sh scripts/ensure-peers.sh`), prints each cell
 * and every fail or warn nothing explains, and keeps the traces in `.peers/interop/` for whoever explains one.
 * `--write` also rewrites docs/judged-against.md from the results. Exits 1 when something is unexplained.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../peers/catalogue.js";
import { unexplained } from "./explanations.js";
import { runMatrix } from "./matrix.js";
import { renderJudgedAgainst } from "./render.js";

const write = process.argv.includes("--write");
const keep = join(REPO_ROOT, ".peers", "interop");
rmSync(keep, { recursive: true, force: true });
const cells = await runMatrix({ keep });
for (const cell of cells) {
  const judged = cell.traces
    .map((t) => `${t.revision}${t.complaints.map((c) => ` ${c.outcome}:${c.id}`).join("")}`)
    .join(" | ");
  const status = cell.connected ? "ok  " : "none";
  console.log(`${cell.client.padEnd(18)} ${cell.server.padEnd(11)} ${cell.transport.padEnd(5)} ${status} ${judged}`);
}
writeFileSync(join(keep, "cells.json"), `${JSON.stringify(cells, null, 2)}\n`);
const open = unexplained(cells);
console.log(`${cells.length} cells; traces and cells.json in ${keep}`);
for (const line of open) console.log(`unexplained: ${line}`);
if (write) {
  writeFileSync(join(REPO_ROOT, "docs", "judged-against.md"), renderJudgedAgainst(cells));
  console.log("wrote docs/judged-against.md");
}
process.exitCode = open.length === 0 ? 0 : 1;
