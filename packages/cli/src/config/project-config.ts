/**
 * `.mcp-conf.toml`, the project file (docs/config.md), read by @mcp-conf/project-config as the command line says
 * (`--config FILE`, `--no-config`): its values become the defaults of the command's options, so a flag on the
 * command line always wins. A mistake in it is a usage error naming the file and the line, before anything starts.
 */
import { type ProjectConfig, ProjectConfigError, readProjectConfig } from "@mcp-conf/project-config";
import { UsageError } from "../exit.js";
import type { ConfigChoice } from "./config-file.js";
import { checkConfigValue } from "./value-checks.js";

export { defaultsFor, type ProjectConfig } from "@mcp-conf/project-config";
export { CONFIG_FILE, type ConfigChoice, configChoice, findConfigFile } from "./config-file.js";

/** Loads and checks the file the choice names (or the one found from `cwd`). */
export async function loadProjectConfig(choice: ConfigChoice, cwd: string): Promise<ProjectConfig | undefined> {
  if (choice !== undefined && "none" in choice) return undefined;
  try {
    return await readProjectConfig({
      cwd,
      ...(choice === undefined ? {} : { file: choice.file }),
      check: checkConfigValue,
    });
  } catch (error) {
    if (error instanceof ProjectConfigError) throw new UsageError(error.message);
    throw error;
  }
}
