/**
 * The order test files start in (vitest `sequence.sequencer`): the slowest files first, so that none of them starts
 * when the rest of the suite is nearly done and leaves one worker running it alone. Vitest orders by the durations it
 * cached from an earlier run, but a fresh clone (CI) has none and would start the largest files first, and the
 * slowest are small files that spend their time in the processes they start. The list is the slowest files of the
 * fresh-clone CI's reporter, slowest first; the others keep vitest's order after them.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOWEST = [
  "test/interop.test.ts",
  "test/packed-install.test.ts",
  "packages/cli/test/manual-pages.test.ts",
  "packages/cli/test/test-command.test.ts",
  "bench/gateway/bench.test.ts",
  "packages/cli/test/install-docs.test.ts",
  "packages/cli/test/record-docs.test.ts",
  "packages/fleet/test/fleet-pipeline.test.ts",
  "packages/fleet/test/conversation.test.ts",
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return index === -1 ? SLOWEST.length : index;
    };
    // Array.prototype.sort is stable: the unlisted files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
