/**
 * @mcp-conf/cli: the `mcp-conf` command. Importable so tests and embedders can run it in-process.
 */
export { EXIT, type Io } from "./exit.js";
export { main } from "./main.js";
