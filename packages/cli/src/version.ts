import { createRequire } from "node:module";

/** The CLI package's own version, read from its package.json. */
export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
