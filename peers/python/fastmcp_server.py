"""FastMCP 4 (`fastmcp` 4.1.6, built on `mcp` 2.x) as a server of the interop matrix.
Usage: fastmcp_server.py stdio | fastmcp_server.py http PORT"""

import sys

from fastmcp import FastMCP

server = FastMCP("fastmcp-peer")


@server.tool
def echo(message: str) -> str:
    """Echoes its message"""
    return message


@server.prompt
def greeting(name: str) -> str:
    """A greeting"""
    return f"Hello, {name}"


@server.resource("info://about")
def about() -> str:
    """What this server is"""
    return "a FastMCP peer"


if __name__ == "__main__":
    if sys.argv[1:2] == ["stdio"]:
        server.run("stdio", show_banner=False)
    elif sys.argv[1:2] == ["http"]:
        server.run("http", host="127.0.0.1", port=int(sys.argv[2]), show_banner=False)
    else:
        sys.exit("usage: fastmcp_server.py stdio | http PORT")
