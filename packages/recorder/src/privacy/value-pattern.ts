/**
 * The `--redact-value` patterns, under a time budget. They are the user's JavaScript regular expressions, and V8's
 * engine backtracks: `(a+)+$` (from a cloned repository's `.mcp-conf.toml`, say) takes exponential time on a short
 * string, and even a tame pattern can take quadratic time on a long one. So the patterns run inside a `node:vm`
 * context with a timeout, which interrupts a match in progress: past `VALUE_BUDGET_MS` for one event, the strings
 * not yet done are withheld whole (as the rule's placeholder) and counted — more is hidden, never less. This runs
 * where the event is redacted, which is never the thread that forwards the session (see file-sink-thread.ts).
 */
import vm from "node:vm";

/** The time the value patterns get for one event's strings. */
export const VALUE_BUDGET_MS = 50;

/** Built inside the context: its objects never reach the recorder's own globals. */
const RUNNER = `(function (sources, placeholders) {
  const patterns = sources.map((source) => new RegExp(source, "g"));
  return function run(texts, done) {
    for (const text of texts) {
      let out = text;
      for (let i = 0; i < patterns.length; i++) {
        patterns[i].lastIndex = 0;
        out = out.replace(patterns[i], (match) => (match === "" ? match : placeholders[i]));
      }
      done.push(out);
    }
  };
})`;

export class ValuePatterns {
  private readonly context = vm.createContext(Object.create(null));
  private readonly call = new vm.Script("run(texts, done)");
  private readonly placeholderOfAll: string;
  /** Strings withheld whole because the budget ran out. */
  withheld = 0;

  /** `sources` must already compile as regular expressions (see `compileValue`). */
  constructor(sources: readonly string[], placeholders: readonly string[]) {
    const make = new vm.Script(RUNNER).runInContext(this.context) as (s: string[], p: string[]) => unknown;
    this.context.run = make([...sources], [...placeholders]);
    // A string the budget did not reach is hidden under the first rule's placeholder.
    this.placeholderOfAll = placeholders[0] ?? "";
  }

  /** Each of `texts` with every match replaced, in order; a text the budget did not reach, withheld whole. */
  replace(texts: readonly string[]): string[] {
    const done: string[] = [];
    this.context.texts = texts;
    this.context.done = done;
    try {
      this.call.runInContext(this.context, { timeout: VALUE_BUDGET_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw error;
      for (let i = done.length; i < texts.length; i++) {
        done.push(this.placeholderOfAll);
        this.withheld++;
      }
    } finally {
      this.context.texts = undefined;
      this.context.done = undefined;
    }
    return done;
  }
}
