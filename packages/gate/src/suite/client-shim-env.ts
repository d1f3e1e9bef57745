/** How `test client` tells the client shim what to run and where its traces go (the suite passes env through). */
export const CLIENT_COMMAND_ENV = "MCP_CONF_TEST_CLIENT";
export const TRACES_ENV = "MCP_CONF_TEST_TRACES";
