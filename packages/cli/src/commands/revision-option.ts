/**
 * `--revision`, as every command that takes it checks it: the validator's `chooseRevision` decides (the one place
 * that knows which revisions exist), and an unknown one is a usage error found before anything is read or started.
 */
import { chooseRevision, RevisionError } from "@mcp-conf/validator";
import { UsageError } from "../exit.js";

/** The revision asked for, if known; a `UsageError` (`<command>: unknown revision …`) if not. */
export function checkedRevision(command: string, revision: string): string {
  try {
    return chooseRevision({ override: revision })!.revision;
  } catch (error) {
    if (error instanceof RevisionError) throw new UsageError(`${command}: ${error.message}`);
    throw error;
  }
}
