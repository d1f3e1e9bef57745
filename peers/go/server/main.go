// The Go SDK (github.com/modelcontextprotocol/go-sdk v1.8.0) as a server of the interop matrix: 2026-07-28 by
// default, and the 2025 handshake for older clients. Usage: server stdio | server http PORT (prints its URL).
package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoInput struct {
	Message string `json:"message" jsonschema:"the message to echo"`
}

type echoOutput struct {
	Echo string `json:"echo"`
}

// A nil result lets the SDK fill in both the structured output and its serialized JSON as a text block.
func echo(_ context.Context, _ *mcp.CallToolRequest, in echoInput) (*mcp.CallToolResult, echoOutput, error) {
	return nil, echoOutput{Echo: in.Message}, nil
}

func greeting(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	text := "Hello, " + req.Params.Arguments["name"]
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}, nil
}

func about(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	contents := []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "a Go SDK peer"}}
	return &mcp.ReadResourceResult{Contents: contents}, nil
}

func newServer() *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "go-sdk-peer", Version: "1.0.0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "echo", Description: "Echoes its message"}, echo)
	server.AddPrompt(&mcp.Prompt{Name: "greeting", Description: "A greeting",
		Arguments: []*mcp.PromptArgument{{Name: "name", Required: true}}}, greeting)
	server.AddResource(&mcp.Resource{Name: "about", URI: "info://about", MIMEType: "text/plain"}, about)
	return server
}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "stdio" {
		if err := newServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
			log.Fatal(err)
		}
		return
	}
	if len(os.Args) == 3 && os.Args[1] == "http" {
		listener, err := net.Listen("tcp", "127.0.0.1:"+os.Args[2])
		if err != nil {
			log.Fatal(err)
		}
		server := newServer()
		// The SDK serves 2026-07-28 over HTTP only when stateless; the default (stateful) handler is 2025-only.
		options := &mcp.StreamableHTTPOptions{Stateless: true}
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, options)
		fmt.Printf("http://%s/mcp\n", listener.Addr())
		log.Fatal(http.Serve(listener, handler))
	}
	fmt.Fprintln(os.Stderr, "usage: server stdio | server http PORT")
	os.Exit(2)
}
