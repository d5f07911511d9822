// GET /rules.md – the rules of record as Markdown, every number read from the engine's constants.
import { rulesMarkdown } from "../rules/markdown";

export const dynamic = "force-static";

export function GET() {
  return new Response(rulesMarkdown(), {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
