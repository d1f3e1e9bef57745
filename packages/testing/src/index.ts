/**
 * Test support for the mcp-conf packages — private, never published, imported only by tests: the one trace builder
 * (any revision, stdio or streamable HTTP), the recorded acceptance session, the README and docs example runners,
 * OTLP collectors (a real receiver and faulty ones) with a strict OTLP/JSON check, and the SARIF 2.1.0 schema check.
 */
export {
  acceptanceSession,
  CALLER_TRACEPARENT,
  CALLER_TRACESTATE,
  PRESIGNED_URI,
  RECORDED_SERVER_CAPABILITIES,
  recordedSession,
  SECRET,
} from "./acceptance-session.js";
export {
  type BashSession,
  consoleBlocks,
  exampleBlock,
  expectReadmeExampleToPrintItsOutput,
  fencedBlock,
  outputMatches,
  runConsoleBlock,
  type Step,
} from "./examples.js";
export { modernHttpTransport, modernStdioTransport, routingHeaders, runModernTour } from "./modern-peer/client.js";
export { answer as modernAnswer, headerProblem, MODERN_REVISION, MODERN_TOOLS } from "./modern-peer/server.js";
export {
  type ModernHttpServer,
  type ModernServerFaults,
  runModernStdioServer,
  startModernHttpServer,
} from "./modern-peer/transports.js";
export {
  type CapturedRequest,
  downCollectorUrl,
  type FaultyCollector,
  type RealCollector,
  startFaultyCollector,
  startRealCollector,
} from "./otlp-collector.js";
export { strictOtlpProblems } from "./otlp-strict.js";
export { expectSarifShape } from "./sarif-shape.js";
export {
  ACCEPT_BOTH,
  C2S,
  error,
  type HandshakeOptions,
  JSON_BODY,
  LATEST_REVISION,
  later,
  request,
  result,
  S2C,
  SSE,
  TraceBuilder,
  type TraceOptions,
} from "./trace-builder.js";
