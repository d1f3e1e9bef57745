/** Shared by the export tests: corpus traces, and (from @mcp-conf/testing) the hostile session. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readTraceSync, type TraceEvent } from "@mcp-conf/trace-format";

export const CORPUS = fileURLToPath(new URL("../../../corpus/2025-11-25/", import.meta.url));
export const loadCorpus = (path: string): TraceEvent[] => readTraceSync(readFileSync(`${CORPUS}${path}`));

export { HOSTILE, hostileSession } from "@mcp-conf/testing";
