/** The package's own name and version, for the instrumentation scope of every exported span. */
import { createRequire } from "node:module";

export const SCOPE_NAME = "@mcp-conf/otel-mapper";
export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
