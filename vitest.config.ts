import { defineConfig } from "vitest/config";

// `.ci/run` sets MCP_CONF_TEST_JSON so it can count passed and failed tests from vitest's JSON results.
const json = process.env.MCP_CONF_TEST_JSON;

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "bench/**/*.test.ts",
      "docs/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The workspace packages' built code loads as Node loads it, like any dependency: not transformed per test file.
    server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } },
    reporters: json ? ["default", ["json", { outputFile: json }]] : ["default"],
  },
});
