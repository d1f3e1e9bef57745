/**
 * `.mcp-conf.toml` read (docs/config.md): the named file, or the one found from the working directory. Parsed by
 * smol-toml (loaded only when there is a file to read); an unknown key, a value of the wrong type or a value the
 * caller's check refuses is a `ProjectConfigError` whose one-line message names the file and the line.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { findConfigFile } from "./find.js";
import { CONFIG_KEYS, CONFIG_TABLES, type ConfigKey } from "./keys.js";

/** A key's value: a string, a list of strings (a table's `name=value` pairs too), or a boolean. */
export type ConfigValueType = string | string[] | boolean;

/** A key of the file, ready to be an option's default. */
export interface ConfigValue {
  key: string;
  spec: ConfigKey;
  value: ConfigValueType;
}

export interface ProjectConfig {
  file: string;
  values: ConfigValue[];
}

export interface ReadProjectConfigOptions {
  /** Where the file is looked for (and a relative `file` is resolved against). */
  cwd: string;
  /** This file instead of the one found from `cwd`. */
  file?: string;
  /** The caller's check of a value, as its option would check it: a one-line problem, or undefined for a good one. */
  check?: (key: string, value: ConfigValueType) => Promise<string | undefined> | string | undefined;
}

/** A project file that cannot be read or holds a mistake: the message is one line naming the file and the line. */
export class ProjectConfigError extends Error {
  override readonly name = "ProjectConfigError";
}

/** Reads and checks the file (the one named, or the one found from `cwd`); undefined when there is none. */
export async function readProjectConfig(options: ReadProjectConfigOptions): Promise<ProjectConfig | undefined> {
  const file = options.file === undefined ? findConfigFile(options.cwd) : resolve(options.cwd, options.file);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code;
    throw new ProjectConfigError(`${file}: cannot read the configuration file (${why})`);
  }
  const { parse, TomlError } = await import("smol-toml");
  let document: Record<string, unknown>;
  try {
    document = parse(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TomlError) {
      const why = error.message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
      throw new ProjectConfigError(`${file}:${error.line}: not valid TOML: ${why}`);
    }
    throw error;
  }
  const values: ConfigValue[] = [];
  for (const [key, value] of entries(document)) {
    const at = `${file}:${lineOf(text, key)}`;
    const spec = CONFIG_KEYS[key];
    if (spec === undefined) {
      throw new ProjectConfigError(`${at}: unknown key ${JSON.stringify(key)} (see docs/config.md)`);
    }
    const typed = typedValue(spec, value);
    if (typed === undefined) throw new ProjectConfigError(`${at}: ${key} must be ${TYPE_WORDS[spec.type]}`);
    const problem = await options.check?.(key, typed);
    if (problem !== undefined) throw new ProjectConfigError(`${at}: ${key}: ${problem}`);
    values.push({ key, spec, value: spec.path ? resolve(dirname(file), typed as string) : typed });
  }
  return { file, values };
}

/** The defaults the file gives `command`, whose declared options are `declared`: option name → value. */
export function defaultsFor(
  config: ProjectConfig,
  command: string,
  declared: ReadonlySet<string>,
): Record<string, ConfigValueType> {
  const defaults: Record<string, ConfigValueType> = {};
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

function typedValue(spec: ConfigKey, value: unknown): ConfigValueType | undefined {
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
function lineOf(text: string, key: string): number {
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
