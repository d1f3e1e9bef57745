// Written for mcp-conf (not part of the upstream examples): the suite's own `src/` is not published, and
// everything-client.ts imports this one schema from it. It accepts the context the suite passes in
// MCP_CONFORMANCE_CONTEXT: the scenario's name plus the fields its auth scenarios add.
import { z } from 'zod';

export const ClientConformanceContextSchema = z
  .object({
    name: z.string(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    private_key_pem: z.string().optional(),
    signing_algorithm: z.string().optional()
  })
  .passthrough();
