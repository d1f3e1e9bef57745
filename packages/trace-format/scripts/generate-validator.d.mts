/** Types of generate-validator.mjs, for the test that keeps the generated validator in step with the schema. */
export declare const VALIDATOR_TYPES: string;
export declare function generateValidatorSource(schema: unknown): string;
