/**
 * @mcp-conf/validator holds the MCP specification as data (a registry of verbatim clauses per revision), the checks
 * that judge them, the incremental engine both `validate` and the live judge run, and the reports. Pure: no I/O,
 * no clock, no network.
 */
export {};
