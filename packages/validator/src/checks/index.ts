/**
 * Every check the validator knows, by area. A registry entry names checks by id; the engine looks them up here.
 */
import type { CheckDefinition, CheckTag } from "../engine/types.js";
import { checks as auth } from "./auth/index.js";
import { checks as base } from "./base/index.js";
import { checks as cache } from "./cache/index.js";
import { checks as canc } from "./canc/index.js";
import { checks as comp } from "./comp/index.js";
import { checks as depr } from "./depr/index.js";
import { checks as elic } from "./elic/index.js";
import { checks as life } from "./life/index.js";
import { checks as log } from "./log/index.js";
import { checks as mrtr } from "./mrtr/index.js";
import { checks as page } from "./page/index.js";
import { checks as ping } from "./ping/index.js";
import { checks as prog } from "./prog/index.js";
import { checks as prom } from "./prom/index.js";
import { checks as res } from "./res/index.js";
import { checks as root } from "./root/index.js";
import { checks as samp } from "./samp/index.js";
import { checks as sub } from "./sub/index.js";
import { checks as task } from "./task/index.js";
import { checks as tool } from "./tool/index.js";
import { checks as tran } from "./tran/index.js";
import { checks as ver } from "./ver/index.js";

export const ALL_CHECKS: readonly CheckDefinition[] = [
  ...base,
  ...life,
  ...tran,
  ...tool,
  ...res,
  ...prom,
  ...log,
  ...comp,
  ...page,
  ...canc,
  ...prog,
  ...ping,
  ...task,
  ...root,
  ...samp,
  ...elic,
  ...auth,
  ...ver,
  ...mrtr,
  ...sub,
  ...cache,
  ...depr,
];

/** The ids of the checks whose definition carries `tag`. */
export function checksTagged(tag: CheckTag): ReadonlySet<string> {
  return new Set(ALL_CHECKS.filter((check) => check.tags?.includes(tag)).map((check) => check.id));
}
