"""The official Python SDK (`mcp` 2.3.0) as a client of the interop matrix. `--mode auto` (the SDK's default:
server/discover, falling back to initialize), `legacy` (the 2025 handshake) or `2026-07-28` (pinned).
Usage: sdk_client.py --mode M [--call JSON] (--stdio CMD ARGS... | --http URL)"""

import json
import sys

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters


def parse(argv):
    options = {"mode": "auto", "call": None, "stdio": None, "http": None}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--mode":
            options["mode"] = argv[i + 1]
            i += 2
        elif arg == "--call":
            options["call"] = json.loads(argv[i + 1])
            i += 2
        elif arg == "--http":
            options["http"] = argv[i + 1]
            i += 2
        elif arg == "--stdio":
            options["stdio"] = argv[i + 1 :]
            break
        else:
            sys.exit(f"unknown argument {arg}")
    return options


async def main(options):
    if options["http"]:
        server = options["http"]
    else:
        command = options["stdio"]
        server = StdioServerParameters(command=command[0], args=command[1:])
    seen = []
    async with Client(server, mode=options["mode"]) as client:
        capabilities = client.server_capabilities
        # A pinned client adopts the version without server/discover, so it has no capabilities to go by.
        pinned = options["mode"] not in ("auto", "legacy")
        if pinned or capabilities.tools is not None:
            tools = (await client.list_tools()).tools
            seen.append(f"{len(tools)} tools")
            call = options["call"]
            if call:
                result = await client.call_tool(call["name"], call.get("arguments", {}))
                seen.append(f"{call['name']}: {'error' if result.is_error else 'ok'}")
        if not pinned and capabilities.prompts is not None:
            seen.append(f"{len((await client.list_prompts()).prompts)} prompts")
        if not pinned and capabilities.resources is not None:
            seen.append(f"{len((await client.list_resources()).resources)} resources")
    print(", ".join(seen))


anyio.run(main, parse(sys.argv[1:]))
