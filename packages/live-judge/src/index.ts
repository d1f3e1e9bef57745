/**
 * @mcp-conf/live-judge runs the validator's incremental engine beside a live session, in a worker thread off the
 * wire's path: it reports each finding once, the first time a completed exchange shows it, keeps the tally, and
 * prints the full end-of-session report. If judging falls behind, findings lag and the session does not.
 */
export {};
