#!/bin/sh
# The Go MCP peers of the interop matrix: our small server and client on the official Go SDK
# (github.com/modelcontextprotocol/go-sdk, pinned in peers/go/go.mod and go.sum), built into .peers/go/bin with the
# module and build caches in .peers/go too. Exits at once when the binaries were built from the current sources.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.peers/go"
src="$root/peers/go"
stamp="$out/.sources"
sum=$(cat "$src/go.mod" "$src/go.sum" "$src"/*/*.go | sha256sum | cut -d' ' -f1)
[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ] && [ -x "$out/bin/server" ] && [ -x "$out/bin/client" ] && exit 0
command -v go >/dev/null || { echo "30-go-peers: go is not on PATH" >&2; exit 1; }
mkdir -p "$out/bin"
cd "$src"
GOMODCACHE="$out/mod" GOCACHE="$out/cache" GOFLAGS=-modcacherw GOTOOLCHAIN=local go build -o "$out/bin/" ./server ./client
echo "$sum" >"$stamp"
