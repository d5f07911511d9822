// The declaration's JSON Schema (draft 2020-12), compiled once, and its errors as `schema-<keyword>` findings.
import Ajv2020 from "ajv/dist/2020.js";
import schema from "./parley-checkpoint.schema.json" with { type: "json" };
import type { Declaration, Finding } from "./types";

/** The schema of record, as shipped by the original bundle (the file is its byte-faithful copy). */
export const CHECKPOINT_SCHEMA = schema;

// allErrors so one pass names every problem; strict so a schema typo fails loudly at start-up, not silently.
const validate = new Ajv2020({ allErrors: true, strict: true }).compile<Declaration>(schema);

export type SchemaCheck = { ok: true; declaration: Declaration } | { ok: false; findings: Finding[] };

/** Checks the shape only; the message is the original's: the instance path (or "/") and Ajv's words. */
export function checkSchema(input: unknown): SchemaCheck {
  if (validate(input)) return { ok: true, declaration: input };
  const findings = (validate.errors ?? []).map((error): Finding => ({
    severity: "critical",
    id: `schema-${error.keyword}`,
    message: `${error.instancePath || "/"} ${error.message ?? "is invalid"}`,
  }));
  return { ok: false, findings };
}
