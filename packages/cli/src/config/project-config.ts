/**
 * `.mcp-conf.toml`, the project file (docs/config.md): found in the working directory or a directory above it, up to
 * the repository root (the first directory holding `.git`); outside a repository only the working directory is
 * looked at. `--config FILE` names one, `--no-config` ignores it. Its values become the defaults of the command's
 * options, so a flag on the command line always wins. Parsed by smol-toml; an unknown key, a value of the wrong type
 * or a value the command would refuse is a one-line error naming the file and the line, before anything starts.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse, TomlError } from "smol-toml";
import { UsageError } from "../exit.js";
import { type ConfigChoice, findConfigFile } from "./config-file.js";
import { CONFIG_KEYS, CONFIG_TABLES, type ConfigKey } from "./keys.js";

export { CONFIG_FILE, type ConfigChoice, configChoice, findConfigFile } from "./config-file.js";

/** A key of the file, ready to be an option's default. */
export interface ConfigValue {
  key: string;
  spec: ConfigKey;
  value: string | string[] | boolean;
}

export interface ProjectConfig {
  file: string;
  values: ConfigValue[];
}

/** Loads and checks the file the choice names (or the one found from `cwd`). */
export async function loadProjectConfig(choice: ConfigChoice, cwd: string): Promise<ProjectConfig | undefined> {
  if (choice !== undefined && "none" in choice) return undefined;
  const file = choice === undefined ? findConfigFile(cwd) : resolve(cwd, choice.file);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${file}: cannot read the configuration file (${code === "ENOENT" ? "no such file" : code})`);
  }
  let document: Record<string, unknown>;
  try {
    document = parse(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) {
      const why = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
      throw new UsageError(`${file}:${error.line}: not valid TOML: ${why}`);
    }
    throw error;
  }
  const values: ConfigValue[] = [];
  for (const [key, value] of entries(document)) {
    const at = `${file}:${lineOf(text, key)}`;
    const spec = CONFIG_KEYS[key];
    if (spec === undefined) throw new UsageError(`${at}: unknown key ${JSON.stringify(key)} (see docs/config.md)`);
    const typed = typedValue(spec, value);
    if (typed === undefined) throw new UsageError(`${at}: ${key} must be ${TYPE_WORDS[spec.type]}`);
    try {
      await spec.check?.(typed as never);
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`${at}: ${key}: ${error.message.replace(/^[\w-]+: /, "")}`);
      throw error;
    }
    values.push({ key, spec, value: spec.path ? resolve(dirname(file), typed as string) : typed });
  }
  return { file, values };
}

/** The defaults the file gives `command`, whose declared options are `declared`: option name → value. */
export function defaultsFor(config: ProjectConfig, command: string, declared: ReadonlySet<string>) {
  const defaults: Record<string, string | string[] | boolean> = {};
  for (const { spec, value } of config.values) {
    if (!declared.has(spec.option)) continue;
    if (spec.commands !== undefined && !spec.commands.includes(command)) continue;
    defaults[spec.option] = value;
  }
  return defaults;
}

const TYPE_WORDS: Record<ConfigKey["type"], string> = {
  string: "a string",
  strings: "an array of strings",
  boolean: "true or false",
  table: "a table of strings",
  number: "a number, 0 or more",
};

function typedValue(spec: ConfigKey, value: unknown): string | string[] | boolean | undefined {
  switch (spec.type) {
    case "string":
      return typeof value === "string" && value !== "" ? value : undefined;
    case "boolean":
      return typeof value === "boolean" ? value : undefined;
    case "number":
      // Handed to the option as its text, which the command checks as it checks a flag's value.
      return typeof value === "number" && Number.isFinite(value) && value >= 0 ? String(value) : undefined;
    case "strings":
      return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : undefined;
    case "table": {
      if (!isTable(value) || !Object.values(value).every((v) => typeof v === "string")) return undefined;
      return Object.entries(value).map(([name, v]) => `${name}=${v}`);
    }
  }
}

/** The file's keys as dotted paths: a table named in CONFIG_TABLES is opened, anything else is a key (or unknown). */
function* entries(document: Record<string, unknown>): Generator<[string, unknown]> {
  for (const [name, value] of Object.entries(document)) {
    if (CONFIG_TABLES.has(name) && isTable(value)) {
      for (const [inner, v] of Object.entries(value)) yield [`${name}.${inner}`, v];
    } else yield [name, value];
  }
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * The line that defines `key` (`table.name`): `name = …` under `[table]`, `table.name = …`, or `table = { name … }`;
 * else the table's header; else 1. smol-toml gives positions for syntax errors only.
 */
export function lineOf(text: string, key: string): number {
  const [table, name] = key.includes(".")
    ? [key.slice(0, key.indexOf(".")), key.slice(key.indexOf(".") + 1)]
    : ["", key];
  const lines = text.split(/\r?\n/);
  let current = "";
  let header: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tableHeader = /^\s*\[\s*([^\]]+?)\s*\]/.exec(line);
    if (tableHeader) {
      current = unquote(tableHeader[1]!);
      if (current === key) return i + 1;
      if (current === table) header ??= i + 1;
      continue;
    }
    const assigned = /^\s*([^=#]+?)\s*=/.exec(line);
    if (!assigned) continue;
    const full = [current, unquote(assigned[1]!)].filter(Boolean).join(".");
    if (full === key || (table !== "" && full === table && line.includes(name))) return i + 1;
  }
  return header ?? 1;
}

function unquote(dotted: string): string {
  return dotted
    .split(".")
    .map((part) => part.trim().replace(/^"(.*)"$|^'(.*)'$/, "$1$2"))
    .join(".");
}
