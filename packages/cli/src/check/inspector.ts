/**
 * check's per-trace work: @mcp-conf/gate's inspectTrace with the recorder's `--redact-secrets` redaction behind
 * the `secret` signal (what it would redact is what the signal reports). Loaded by the main thread's lane and by each worker thread (through the judging bundle).
 */
import { type InspectRequest, type InspectResult, inspectTrace } from "@mcp-conf/gate";
import { secretScanner } from "@mcp-conf/recorder";

export function inspect(request: InspectRequest): Promise<InspectResult> {
  // A scanner per trace: like the redactor it is, it follows a private key across stderr lines.
  return inspectTrace(request, { scanSecrets: secretScanner() });
}
