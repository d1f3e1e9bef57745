// The Go SDK (github.com/modelcontextprotocol/go-sdk v1.8.0) as a client of the interop matrix. It speaks
// 2026-07-28 by default (server/discover, falling back to initialize); `--version V` asks for another revision.
// Usage: client [--version V] [--call JSON] (--stdio CMD ARGS... | --http URL)
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type call struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
}

func main() {
	var version, url string
	var command []string
	var toCall *call
	args := os.Args[1:]
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--version":
			i++
			version = args[i]
		case "--call":
			i++
			toCall = &call{}
			if err := json.Unmarshal([]byte(args[i]), toCall); err != nil {
				log.Fatal(err)
			}
		case "--http":
			i++
			url = args[i]
		case "--stdio":
			command = args[i+1:]
			i = len(args)
		default:
			log.Fatalf("unknown argument %s", args[i])
		}
	}
	var transport mcp.Transport
	if url != "" {
		transport = &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true}
	} else if len(command) > 0 {
		cmd := exec.Command(command[0], command[1:]...)
		cmd.Stderr = os.Stderr
		transport = &mcp.CommandTransport{Command: cmd}
	} else {
		log.Fatal("give --stdio CMD... or --http URL")
	}
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-client", Version: "1.8.0"}, nil)
	session, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		log.Fatal(err)
	}
	defer session.Close()
	capabilities := session.InitializeResult().Capabilities
	var seen []string
	if capabilities.Tools != nil {
		tools, err := session.ListTools(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		seen = append(seen, fmt.Sprintf("%d tools", len(tools.Tools)))
		if toCall != nil {
			result, err := session.CallTool(ctx, &mcp.CallToolParams{Name: toCall.Name, Arguments: toCall.Arguments})
			if err != nil {
				log.Fatal(err)
			}
			status := "ok"
			if result.IsError {
				status = "error"
			}
			seen = append(seen, toCall.Name+": "+status)
		}
	}
	if capabilities.Prompts != nil {
		prompts, err := session.ListPrompts(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		seen = append(seen, fmt.Sprintf("%d prompts", len(prompts.Prompts)))
	}
	if capabilities.Resources != nil {
		resources, err := session.ListResources(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		seen = append(seen, fmt.Sprintf("%d resources", len(resources.Resources)))
	}
	fmt.Println(strings.Join(seen, ", "))
}
