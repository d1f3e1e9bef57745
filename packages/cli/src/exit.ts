/**
 * What every command shares with the command line around it: the exit codes (see `docs/cli.md`), the errors a bad
 * invocation and a malformed trace throw (printed as one line, never a stack trace), and the streams a command
 * writes to. Its own module so that commands need not import `main.ts`, which loads them.
 */
export const EXIT = { ok: 0, fail: 1, usage: 2, malformed: 3 } as const;

/** A user error: printed as one line, never a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
  }
}

/** A trace that breaks the format: printed as one line, exit 3. */
export class MalformedTraceError extends Error {
  readonly exitCode = EXIT.malformed;
}

export interface Io {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
}
