/**
 * `validateFile`: the one entry point of the validator that takes a path. It reads the file through the
 * trace-format reader (streamed, with its limits) and judges it as `validate` does; everything else in the package is
 * pure. Kept apart so that `validate` can refuse a string instead of judging its characters.
 */
import { type ReadTraceOptions, readTraceFile } from "@mcp-conf/trace-format";
import type { JudgeOptions } from "./engine/judge.js";
import { createJudge } from "./engine/judge.js";
import type { Report } from "./engine/types.js";

/**
 * Reads the trace file at `path` and judges it. Rejects with the reader's `TraceFormatError` on a malformed trace, a
 * file-system error on an unreadable file, and a `RevisionError` when no revision is declared or given.
 */
export async function validateFile(path: string, options: JudgeOptions & ReadTraceOptions = {}): Promise<Report> {
  const judge = createJudge(options);
  for await (const event of readTraceFile(path, options)) judge.observe(event);
  return judge.finish();
}
