#!/bin/sh
# The Python MCP peers, pinned, in a venv at .peers/python: the official Python SDK (`mcp`), FastMCP, and the
# reference servers mcp-server-time and mcp-server-git. Exits at once when the venv holds these exact versions.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.peers/python"
pins="mcp==2.3.0 fastmcp==4.1.6 mcp-server-time==2026.10.19 mcp-server-git==2026.10.19"
stamp="$venv/.pins"
[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$pins" ] && exit 0
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check $pins
echo "$pins" >"$stamp"
