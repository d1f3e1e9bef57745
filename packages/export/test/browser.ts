/** The viewer tests' Chromium lives in @mcp-conf/testing (the CLI's viewer tests use it too). */
export { CHROMIUM, TestBrowser, type WatchedPage } from "@mcp-conf/testing";
