// Finds the JSON object in a model's answer, whether it is fenced, bare, or wrapped in chatter.
import { fail, ok, type Result } from "@/server/rules/result";

export type JsonObject = { [key: string]: unknown };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

function tryObject(candidate: string): JsonObject | null {
  try {
    const v: unknown = JSON.parse(candidate);
    return isObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** Every balanced {...} span, outermost first, skipping braces inside JSON strings. */
function braceSpans(text: string): string[] {
  const spans: string[] = [];
  let start = -1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === "{") {
      if (depth === 0) start = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) spans.push(text.slice(start, i + 1));
    }
  }
  return spans;
}

/**
 * The first JSON object in the text: a fenced block wins (models fence the answer and chat
 * around it), then the whole text, then any balanced span in reading order.
 */
export function parseReplyText(text: string): Result<JsonObject> {
  if (typeof text !== "string") return fail("invalid", "The reply is not text.");
  const fenced = [...text.matchAll(/```[a-zA-Z]*[^\S\r\n]*\r?\n?([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  const candidates = [...fenced, text.trim(), ...fenced.flatMap(braceSpans), ...braceSpans(text)];
  for (const candidate of candidates) {
    const found = tryObject(candidate.trim());
    if (found) return ok(found);
  }
  return fail("invalid", "The reply holds no JSON object: answer with one JSON object and nothing else.");
}
