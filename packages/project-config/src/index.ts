/**
 * @mcp-conf/project-config: mcp-conf's project file, `.mcp-conf.toml` (docs/config.md) — found, parsed and checked,
 * its values ready as the defaults of the options its keys name — for the CLI and for any tool that honours it (a
 * gateway embedding the recorder, an editor).
 */

/** Where the project file is: the working directory or above it, up to the repository root. */
export { CONFIG_FILE, findConfigFile } from "./find.js";
/** The keys the file may hold: each one's option, commands, type, and whether it is a path. */
export { CONFIG_KEYS, CONFIG_TABLES, type ConfigKey, type KeyType } from "./keys.js";
/** The file read and checked, and the defaults it gives a command. */
export {
  type ConfigValue,
  type ConfigValueType,
  defaultsFor,
  type ProjectConfig,
  ProjectConfigError,
  type ReadProjectConfigOptions,
  readProjectConfig,
} from "./read.js";
