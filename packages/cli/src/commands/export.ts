/**
 * `mcp-conf export TRACE -T otlp [-o FILE]`: a recorded trace as OTLP JSON (an `ExportTraceServiceRequest`), mapped
 * exactly as `watch --otlp` maps a live session, with ids derived from the trace's bytes so the file is
 * reproducible, and the validator's findings as span events. Written through a temporary file renamed into place;
 * an output that is the input is refused. Exit codes (docs/cli.md): 0 written, 2 bad invocation or unreadable
 * input, 3 a malformed trace.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { exportTraceAsOtlpJson, type SpanFinding, spanFindingsFromReport } from "@mcp-conf/otel-mapper";
import { isTraceFormatError, readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";
import { createJudge, RevisionError } from "@mcp-conf/validator";
import type { Argv } from "yargs";
import { EXIT, type Io, UsageError } from "../main.js";
import { fileProblem, refuseOutputThatIsInput, writeOutput } from "../output.js";
import type { Command } from "./index.js";

/** The export formats this command writes. */
export const EXPORT_TYPES = ["otlp"] as const;

interface ExportArgs {
  trace: string;
  type?: string;
  output?: string;
  revision?: string;
}

export const exportCommand: Command<ExportArgs> = {
  builder: (yargs: Argv) =>
    yargs
      .positional("trace", { type: "string", describe: "trace file (JSONL); - reads standard input" })
      .option("type", {
        alias: "T",
        type: "string",
        demandOption: true,
        describe: `export format: ${EXPORT_TYPES.join(" | ")}`,
      })
      .option("output", {
        alias: "o",
        type: "string",
        describe: "write here instead of stdout (- is stdout; a regular file is replaced through a temporary file)",
      })
      .option("revision", { type: "string", describe: "judge at this protocol revision, whatever the trace declares" }),
  async run(argv, io) {
    if (argv.type === undefined) throw new UsageError(`export: name the format with -T (${EXPORT_TYPES.join(", ")})`);
    const type = String(argv.type);
    if (!(EXPORT_TYPES as readonly string[]).includes(type)) {
      throw new UsageError(`export: unknown type ${JSON.stringify(type)} (expected ${EXPORT_TYPES.join(", ")})`);
    }
    const trace = String(argv.trace);
    const label = trace === "-" ? "standard input" : trace;
    refuseOutputThatIsInput("export", [trace], argv.output);
    if (argv.revision !== undefined) checkRevision(argv.revision);

    const bytes = trace === "-" ? await readAll(io.stdin) : readInput(trace);
    let events: TraceEvent[];
    try {
      events = readTraceSync(bytes);
    } catch (error) {
      if (isTraceFormatError(error)) throw new UsageError(`export: ${label}: ${error.message}`, EXIT.malformed);
      throw error;
    }

    const findings = judgeForFindings(events, argv.revision, label, io);
    const result = exportTraceAsOtlpJson(events, { seed: createHash("sha256").update(bytes).digest(), findings });
    writeOutput("export", argv.output, result.json, io);
    return EXIT.ok;
  },
};

/** The findings of the trace's report, as span findings; none (said on stderr) when the trace cannot be judged. */
function judgeForFindings(events: TraceEvent[], revision: string | undefined, label: string, io: Io): SpanFinding[] {
  const judge = createJudge(revision === undefined ? {} : { revision });
  try {
    for (const event of events) judge.observe(event);
    const report = judge.finish();
    return spanFindingsFromReport(report, judge.registry?.requirements ?? []);
  } catch (error) {
    if (!(error instanceof RevisionError)) throw error;
    io.stderr.write(`mcp-conf export: ${label}: ${error.message}; spans exported without findings\n`);
    return [];
  }
}

function checkRevision(revision: string): void {
  try {
    createJudge({ revision });
  } catch (error) {
    if (error instanceof RevisionError) throw new UsageError(`export: ${error.message}`);
    throw error;
  }
}

function readInput(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new UsageError(`export: ${path}: ${fileProblem(error)}`);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
