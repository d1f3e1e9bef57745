import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateValidatorSource, VALIDATOR_TYPES } from "../scripts/generate-validator.mjs";
import { mutatedEvent, normalizeJson, validEvent } from "../test/arbitraries.js";
import { SAMPLE_EVENTS } from "../test/sample-events.js";
import {
  checkTraceEvent,
  matchesTraceEventSchema,
  traceEventSchema,
  traceEventSchemaValidator,
} from "./event-schema.js";

describe("the trace event schema", () => {
  it("accepts every sample event", () => {
    const validate = traceEventSchemaValidator();
    for (const event of SAMPLE_EVENTS)
      expect(validate(normalizeJson(event)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("is a frozen 2020-12 schema with the enums of the event model", () => {
    expect(traceEventSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(Object.isFrozen(traceEventSchema)).toBe(true);
    const properties = traceEventSchema.properties as Record<string, { enum?: string[] }>;
    expect(properties.kind?.enum).toEqual(["message", "http", "lifecycle", "raw", "stderr"]);
    expect(properties.direction?.enum).toEqual(["client-to-server", "server-to-client"]);
    expect(properties.transport?.enum).toEqual(["stdio", "streamable-http", "sse"]);
  });

  it("has its generated standalone validator in step with the schema file", () => {
    const schema = JSON.parse(readFileSync(new URL("./schema/trace-event.schema.json", import.meta.url), "utf8"));
    const generated = new URL("./generated/trace-event-validator.js", import.meta.url);
    const stale = "stale: run `pnpm --filter @mcp-conf/trace-format generate`";
    expect(readFileSync(generated, "utf8"), stale).toBe(generateValidatorSource(schema));
    expect(readFileSync(new URL("./generated/trace-event-validator.d.ts", import.meta.url), "utf8"), stale).toBe(
      VALIDATOR_TYPES,
    );
  });
});

describe("the fast structural check", () => {
  it("agrees with the schema on random valid events", () => {
    const validate = traceEventSchemaValidator();
    fc.assert(
      fc.property(validEvent, (event) => {
        expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
        expect(matchesTraceEventSchema(event)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("agrees with the schema on events with one field broken or removed", () => {
    const validate = traceEventSchemaValidator();
    let rejected = 0;
    fc.assert(
      fc.property(mutatedEvent, (value) => {
        const schemaSays = validate(value);
        expect(matchesTraceEventSchema(value)).toBe(schemaSays);
        if (!schemaSays) {
          rejected++;
          expect(checkTraceEvent(value)).toBeDefined();
        }
      }),
      { numRuns: 5_000 },
    );
    expect(rejected).toBeGreaterThan(1_000);
  });

  it("agrees with the schema on arbitrary JSON", () => {
    const validate = traceEventSchemaValidator();
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        expect(matchesTraceEventSchema(value)).toBe(validate(value));
      }),
      { numRuns: 1_000 },
    );
  });
});
