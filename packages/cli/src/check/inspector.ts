/**
 * check's per-trace work: @mcp-conf/gate's inspectTrace with the recorder's secret detector behind the `secret`
 * signal. Loaded by the main thread's lane and by each worker thread (through the judging bundle).
 */
import { type InspectRequest, type InspectResult, inspectTrace } from "@mcp-conf/gate";
import { scanEventForSecrets } from "@mcp-conf/recorder";

export function inspect(request: InspectRequest): Promise<InspectResult> {
  return inspectTrace(request, { scanSecrets: scanEventForSecrets });
}
