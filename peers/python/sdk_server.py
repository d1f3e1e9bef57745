"""The official Python SDK (`mcp` 2.3.0) as a server of the interop matrix: MCPServer (FastMCP's 1.x name), which
speaks 2026-07-28 and still serves the 2025 handshake. Usage: sdk_server.py stdio | sdk_server.py http PORT"""

import sys

from mcp.server.mcpserver import MCPServer

server = MCPServer("python-sdk-peer")


@server.tool()
def echo(message: str) -> str:
    """Echoes its message"""
    return message


@server.prompt()
def greeting(name: str) -> str:
    """A greeting"""
    return f"Hello, {name}"


@server.resource("info://about")
def about() -> str:
    """What this server is"""
    return "a Python SDK peer"


if __name__ == "__main__":
    if sys.argv[1:2] == ["stdio"]:
        server.run("stdio")
    elif sys.argv[1:2] == ["http"]:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        sys.exit("usage: sdk_server.py stdio | http PORT")
