/**
 * Why a suite failure has no clause of ours beside it, where we know: the suite checks something the recorded wire
 * cannot show, or that the specification leaves to the implementation. Keyed by the suite's check id (or, for a
 * whole scenario we do not record, by the scenario's prefix). docs/test.md lists the same reasons.
 */
export const SUITE_CHECK_REASONS: Readonly<Record<string, string>> = {
  "localhost-host-rebinding-rejected":
    "TRAN-008/TRAN-009 are not judged from a trace: which Host and Origin values a server must refuse is its own policy",
};

/** Scenarios we run without the recording proxy, and why. */
export function unrecordedReason(scenario: string): string | undefined {
  if (scenario.startsWith("auth/")) {
    return "an OAuth scenario, run unrecorded: the client checks the protected resource URL against the one it was given, which a proxy changes; OAuth steps are not MCP messages (docs/test.md)";
  }
  return undefined;
}
