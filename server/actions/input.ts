// Input checking shared by every action: a zod schema in, data or an `invalid` failure naming the field out.
import { z } from "zod";
import { fail, ok, type Result } from "../rules/result";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return ok(parsed.data);
  return fail("invalid", describeIssue(parsed.error.issues[0]));
}

/** One sentence a person (or a model) can act on: which field, and what was expected. */
export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "The request is not valid.";
  const where = issue.path.length ? `"${issue.path.join(".")}"` : "The request body";
  if (issue.code === "unrecognized_keys") return `${where} has an unknown field: ${issue.keys.join(", ")}.`;
  if (issue.code === "invalid_type" && issue.input === undefined) return `${where} is required.`;
  const message = issue.message.replace(/^Invalid input: /, "").replace(/\.$/, "");
  return `${where}: ${message}.`;
}

/** Ids are plain digits and nothing else, so one thing has one URL: "1e3" and "1.0" are not ids. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : null;
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
