/**
 * @mcp-conf/otel-mapper turns completed exchanges and conformance findings into OpenTelemetry spans per the MCP
 * semantic conventions, and exports them over OTLP/HTTP JSON off the session's path through a bounded queue, or
 * writes them as an OTLP JSON file for a recorded trace. No payload is ever exported.
 */
export {};
