// The act log as the server renders it: the newest ACT_LOG_RECENT acts, newest first, and a button that says how many
// earlier ones there are; a short log shows every act and no button.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEADLINE_MAX_MS, view, WORKED_EXAMPLE, type Act, type Game } from "@/server/rules/game";
import { ACT_LOG_RECENT, ActLog } from "./ActLog";

const MINUTE = 60_000;

/** The worked example's table kept going for `n` acts a minute apart: an offer, then passes with talk. */
function logOf(n: number) {
  const base = structuredClone(WORKED_EXAMPLE.game) as Game;
  const acts: Act[] = Array.from({ length: n }, (_, i) =>
    i % 5 === 0
      ? { type: "offer", accord: { ...WORKED_EXAMPLE.accordA }, at: base.startedAt + (i + 1) * MINUTE }
      : { type: "pass", said: { text: `turn ${i}`, claims: [] }, at: base.startedAt + (i + 1) * MINUTE },
  );
  const now = base.startedAt + (n + 1) * MINUTE;
  return { acts: view({ ...base, deadlineMs: DEADLINE_MAX_MS, acts }, { seat: null }, now).acts, now };
}

const render = (n: number) => {
  const { acts, now } = logOf(n);
  expect(acts).toHaveLength(n);
  return renderToStaticMarkup(createElement(ActLog, { acts, names: WORKED_EXAMPLE.names, now }));
};

/** The act numbers the log shows, in its order. */
const numbers = (html: string) =>
  [...html.matchAll(/data-testid="act"[^>]*><span[^>]*>(\d+)<\/span>/g)].map((m) => Number(m[1]));

describe("the act log", () => {
  it("shows the newest acts first, only the newest ACT_LOG_RECENT of a long table, and says how many came before", () => {
    const html = render(ACT_LOG_RECENT + 15);
    const shown = numbers(html);
    expect(shown).toHaveLength(ACT_LOG_RECENT);
    expect(shown[0]).toBe(ACT_LOG_RECENT + 14);
    expect(shown.at(-1)).toBe(15);
    expect(html).toContain(`turn ${ACT_LOG_RECENT + 14}`);
    expect(html).not.toContain(`"turn 14"`);
    expect(html).toMatch(/data-testid="act-log-all"[^>]*>Show the 15 earlier acts \(45 in all\)</);
    expect(html).toContain('aria-expanded="false"');
  });

  it("shows every act of a table no longer than that, with no button", () => {
    for (const n of [1, ACT_LOG_RECENT]) {
      const html = render(n);
      expect(numbers(html)).toEqual(Array.from({ length: n }, (_, i) => n - 1 - i));
      expect(html).not.toContain("act-log-all");
    }
  });
});
