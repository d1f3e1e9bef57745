// The interop matrix's client tour, shared by the Node clients: what every client of the matrix does against every
// server, as far as the server declares it. Arguments: `--call JSON` (the tool call, `{"name":…,"arguments":…}`),
// then `--stdio CMD [ARGS…]` or `--http URL`.
export function parseArgs(argv) {
  const options = { call: undefined, mode: undefined, stdio: undefined, http: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--call") options.call = JSON.parse(argv[++i]);
    else if (arg === "--mode") options.mode = argv[++i];
    else if (arg === "--http") options.http = argv[++i];
    else if (arg === "--stdio") {
      options.stdio = argv.slice(i + 1);
      break;
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.stdio && !options.http) throw new Error("give --stdio CMD… or --http URL");
  return options;
}

/**
 * Lists and calls a tool; lists prompts and gets the first one (its `name` argument, if it has one, is "mcp"); lists
 * resources and reads the first one — each where the server declares it. Prints one line of what it saw.
 */
export async function tour(client, call) {
  const capabilities = client.getServerCapabilities() ?? {};
  const seen = [];
  if (capabilities.tools) {
    const { tools } = await client.listTools();
    seen.push(`${tools.length} tools`);
    if (call) {
      const result = await client.callTool(call);
      seen.push(`${call.name}: ${result.isError ? "error" : "ok"}`);
    }
  }
  if (capabilities.prompts) {
    const { prompts } = await client.listPrompts();
    seen.push(`${prompts.length} prompts`);
    const first = prompts[0];
    if (first && (first.arguments ?? []).every((a) => !a.required || a.name === "name")) {
      const named = (first.arguments ?? []).some((a) => a.name === "name");
      await client.getPrompt({ name: first.name, arguments: named ? { name: "mcp" } : {} });
      seen.push(`got ${first.name}`);
    }
  }
  if (capabilities.resources) {
    const { resources } = await client.listResources();
    seen.push(`${resources.length} resources`);
    if (resources[0]) {
      await client.readResource({ uri: resources[0].uri });
      seen.push(`read ${resources[0].uri}`);
    }
  }
  process.stdout.write(`${seen.join(", ")}\n`);
}
