/** The part of @elastic/mockotlpserver's API the tests use (the package ships no type declarations). */
declare module "@elastic/mockotlpserver" {
  export interface MockOtlpServerOptions {
    services?: ("http" | "grpc" | "ui")[];
    httpHostname?: string;
    httpPort?: number;
    logLevel?: string;
    onTrace?: (trace: unknown) => void;
  }
  export class MockOtlpServer {
    constructor(options?: MockOtlpServerOptions);
    httpUrl: URL | null;
    start(): Promise<void>;
    close(): Promise<void>;
  }
}
