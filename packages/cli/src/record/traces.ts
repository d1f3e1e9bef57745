/**
 * Where `record` writes: the trace path template (`-o`, else the state directory's `sessions/{session}.jsonl`), and
 * the recorder's refusals to write there (a directory that cannot be written, a file that cannot be created) as
 * one-line usage errors. An existing file is never overwritten without `--force` (the recorder's `openTraceFile`).
 */
import { resolve } from "node:path";
import { defaultTraceTemplate } from "@mcp-conf/gate";
import { TraceDirectoryError } from "@mcp-conf/recorder";
import { TraceWriterError } from "@mcp-conf/trace-format";
import { UsageError } from "../exit.js";

/** The template to write to, absolute (a relative one is resolved against the working directory). */
export function traceTemplate(output: string | undefined, env: NodeJS.ProcessEnv): string {
  if (output === undefined) return resolve(defaultTraceTemplate(env));
  if (output === "") throw new UsageError("record: -o needs a file name");
  return resolve(output);
}

/** `error` as a usage error when it is the recorder refusing a trace's directory or file, else as it is. */
export function unwritableTrace(error: unknown): unknown {
  return error instanceof TraceDirectoryError || error instanceof TraceWriterError
    ? new UsageError(`record: ${error.message}`)
    : error;
}
