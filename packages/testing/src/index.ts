/**
 * Test support for the mcp-conf packages — private, never published, imported only by tests: the one trace builder
 * (any revision, stdio or streamable HTTP), the recorded acceptance session, the README and docs example runners,
 * OTLP collectors (a real receiver and faulty ones) with a strict OTLP/JSON check, and the SARIF 2.1.0 schema check.
 */
export {
  ACCEPTANCE_SPAN_NAMES,
  acceptanceSession,
  CALLER_TRACEPARENT,
  CALLER_TRACESTATE,
  PRESIGNED_URI,
  recordedSession,
  SECRET,
} from "./acceptance-session.js";
export { CHROMIUM, TestBrowser, type WatchedPage } from "./browser.js";
export { EVERYTHING, type EverythingHttp, startEverythingHttp } from "./everything-http.js";
export {
  type BashSession,
  consoleBlocks,
  exampleBlock,
  expectReadmeExampleToPrintItsOutput,
  fencedBlock,
  outputMatches,
  runConsoleBlock,
  runPackageExample,
} from "./examples.js";
export { HOSTILE, hostileSession } from "./hostile-session.js";
export { defaultsEnv, entriesUnder, type HomeVariable, type IsolatedHome, isolatedHome } from "./isolated-home.js";
export { modernHttpTransport, modernStdioTransport, runModernTour } from "./modern-peer/client.js";
export { MODERN_PEER_MAIN } from "./modern-peer/path.js";
export {
  type ModernHttpServer,
  startModernHttpServer,
} from "./modern-peer/transports.js";
export {
  downCollectorUrl,
  type FaultyCollector,
  type RealCollector,
  startFaultyCollector,
  startRealCollector,
} from "./otlp-collector.js";
export { strictOtlpProblems } from "./otlp-strict.js";
export { SERVERS } from "./peers/catalogue.js";
export { freePort, type RunningHttpServer, startHttpServer } from "./peers/launch.js";
export { expectSarifShape } from "./sarif-shape.js";
export { SECRET_SAMPLES } from "./secret-samples.js";
export { REAL_STATE_VARIABLE, realStateChanges, saveRealState } from "./suite/real-state.js";
export {
  ACCEPT_BOTH,
  C2S,
  error,
  JSON_BODY,
  later,
  request,
  result,
  S2C,
  SSE,
  TraceBuilder,
} from "./trace-builder.js";
