/**
 * Export benchmark: `export -T html` of the validator bench's realistic 10,001-message stdio session against
 * `validate` of the same file, in the same run, alternating round by round (baseline, subject, baseline, …) so both
 * see the same machine. Both read the file as a stream: validate feeds a judge and finishes the report; the export
 * runs the collector (analysis, judgement, context cost) and renders the self-contained page. Figures are median
 * CPU ms after warm-up, and the ratio. Target: the html export at most 3× validate. Then the viewer: the page of a
 * session of BENCH_VIEWER_MESSAGES (20,001: the same shape, twice as long) in Chromium (Debian's, through
 * playwright-core), the renderer CPU of loading it until its first timeline row shows (reloaded in one tab, median of
 * the rounds; CPU, which a busy machine inflates less than the clock), and its ratio to the export's CPU that made
 * the page. Target: under 2 s of renderer CPU (was a bound in the viewer's browser test). Sizes: BENCH_MESSAGES,
 * BENCH_VIEWER_MESSAGES, BENCH_ROUNDS.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { collectSession, renderHtml } from "@mcp-conf/export";
import { TestBrowser } from "@mcp-conf/testing";
import { readTraceFile } from "@mcp-conf/trace-format";
import { createJudge } from "@mcp-conf/validator";
import { sessionText } from "../validator/generate-session.js";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_001);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const VIEWER_MESSAGES = Number(process.env.BENCH_VIEWER_MESSAGES ?? 20_001);
const WARMUP = 2;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function validateFile(file: string): Promise<number> {
  const judge = createJudge();
  for await (const event of readTraceFile(file)) judge.observe(event);
  return judge.finish().requirements.length;
}

async function exportHtml(file: string): Promise<number> {
  const { document } = await collectSession(readTraceFile(file));
  return renderHtml(document).length;
}

const dir = mkdtempSync(join(tmpdir(), "mcp-conf-bench-export-"));
try {
  const file = join(dir, "session.jsonl");
  writeFileSync(file, sessionText(MESSAGES));
  let pageBytes = 0;
  for (let i = 0; i < WARMUP; i++) {
    await validateFile(file);
    pageBytes = await exportHtml(file);
  }
  const baseline: number[] = [];
  const subject: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let start = process.cpuUsage();
    await validateFile(file);
    baseline.push(cpuMs(start));
    start = process.cpuUsage();
    await exportHtml(file);
    subject.push(cpuMs(start));
  }
  const validateMs = median(baseline);
  const htmlMs = median(subject);
  const ratio = htmlMs / validateMs;
  console.log(
    `session: ${MESSAGES.toLocaleString("en-US")} messages; the page: ${(pageBytes / 1024 / 1024).toFixed(1)} MiB`,
  );
  console.log(`validate (baseline):  ${validateMs.toFixed(0)} ms CPU (median of ${ROUNDS}, alternating)`);
  console.log(`export -T html:       ${htmlMs.toFixed(0)} ms CPU`);
  console.log(`ratio html/validate:  ${ratio.toFixed(2)}× (target ≤ 3×) ${ratio <= 3 ? "ok" : "OVER TARGET"}`);

  const viewerFile = join(dir, "viewer.jsonl");
  writeFileSync(viewerFile, sessionText(VIEWER_MESSAGES));
  const page = join(dir, "viewer.html");
  const making = process.cpuUsage();
  writeFileSync(page, renderHtml((await collectSession(readTraceFile(viewerFile))).document));
  const madeMs = cpuMs(making);
  const browser = await TestBrowser.launch();
  try {
    const viewer = await browser.open(pathToFileURL(page).href);
    await viewer.page.waitForSelector("#timeline .row");
    const opens: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const before = browser.rendererCpuMs();
      await viewer.page.reload();
      await viewer.page.waitForSelector("#timeline .row");
      opens.push(browser.rendererCpuMs() - before);
    }
    const openMs = median(opens);
    console.log(
      `viewer, ${VIEWER_MESSAGES.toLocaleString("en-US")} messages: opened in ${openMs.toFixed(0)} ms of renderer CPU (median of ${ROUNDS}), ` +
        `${(openMs / madeMs).toFixed(2)}× the export's ${madeMs.toFixed(0)} ms that made the page (target < 2,000 ms) ${openMs < 2000 ? "ok" : "OVER TARGET"}`,
    );
    if (viewer.problems.length > 0) throw new Error(`the page complained: ${viewer.problems.join("; ")}`);
  } finally {
    await browser.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
