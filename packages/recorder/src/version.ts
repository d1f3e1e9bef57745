/** The recorder's name and version, as written into `transport-open` meta. */
import { createRequire } from "node:module";

export const RECORDER_NAME = "@mcp-conf/recorder";
export const RECORDER_VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string })
  .version;
