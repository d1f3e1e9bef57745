/**
 * An MCP client transport over a child process's stdin and stdout that we spawn ourselves, so a sample session keeps
 * what the SDK's own stdio transport hides: the child's exit code, and the certainty that everything a relaying
 * command printed at its end (a watch's report, where the trace went) was printed before the session returns.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";
import type { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { SamplePeers } from "./peers.js";

export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Resolves with the child's exit code (128+n for a signal) once it has exited. */
  readonly exited: Promise<number>;
  private readonly child: ChildProcess;
  private readonly buffer: ReadBuffer;

  /** `sdk`: the SDK's stdio framing, loaded with the peers (`loadSamplePeers`). */
  constructor(
    command: string,
    args: readonly string[],
    private readonly sdk: Pick<SamplePeers, "ReadBuffer" | "serializeMessage">,
  ) {
    this.buffer = new sdk.ReadBuffer();
    this.child = spawn(command, [...args], { stdio: ["pipe", "pipe", "inherit"] });
    this.exited = new Promise((resolve) => {
      this.child.on("close", (code, signal) => {
        this.onclose?.();
        resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
      });
    });
    this.child.on("error", (error) => this.onerror?.(error));
  }

  async start(): Promise<void> {
    this.child.stdout!.on("data", (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (let message = this.read(); message !== null; message = this.read()) this.onmessage?.(message);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin!.write(this.sdk.serializeMessage(message));
  }

  /** Ends the session the way a client does: closes the server's stdin, then waits for it to exit. */
  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }

  private read(): JSONRPCMessage | null {
    try {
      return this.buffer.readMessage();
    } catch (error) {
      this.onerror?.(error as Error);
      return null;
    }
  }
}
