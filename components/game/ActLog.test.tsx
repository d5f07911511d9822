// The act log as the server renders it: the newest ACT_LOG_RECENT acts, newest first, and a button that says how many
// earlier ones there are; a short log shows every act and no button.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TableState } from "@/server/actions/game";
import { DEADLINE_MAX_MS, view, WORKED_EXAMPLE, type Act, type Game } from "@/server/rules/game";
import { ActLog } from "./ActLog";
import { ACT_LOG_RECENT, newestActs } from "./log";

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

/** The log of a table of `n` acts, of which the newest `sent` are at hand (all, by default). */
const render = (n: number, sent = n) => {
  const { acts, now } = logOf(n);
  expect(acts).toHaveLength(n);
  return renderToStaticMarkup(
    createElement(ActLog, { acts: acts.slice(n - sent), names: WORKED_EXAMPLE.names, now }),
  );
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

  it("counts the acts the page did not send: the newest 30 of 80 at hand, 50 earlier to fetch", () => {
    const html = render(80, ACT_LOG_RECENT);
    expect(numbers(html)).toEqual(Array.from({ length: ACT_LOG_RECENT }, (_, i) => 79 - i));
    expect(html).toMatch(/data-testid="act-log-all"[^>]*>Show the 50 earlier acts \(80 in all\)</);
  });

  it("the page sends a long table's newest acts only, and a short one's all", () => {
    const { acts } = logOf(80);
    const said = [
      { seat: 1, act: 3, text: "only talk", truthful: null },
      { seat: 2, act: 4, text: "and a claim", clause: "hold", setting: "sealed", truthful: null },
    ];
    const state = { id: 1, game: { acts, said } } as unknown as TableState;
    const sent = newestActs(state).game!;
    expect(sent.acts.map((a) => a.index)).toEqual(Array.from({ length: ACT_LOG_RECENT }, (_, i) => 50 + i));
    expect(sent.said).toEqual([said[1]]); // the claims panel's; a said text is shown with its act
    expect(state.game!.acts).toHaveLength(80); // the state itself is left as it was
    expect(state.game!.said).toHaveLength(2);
    const short = { id: 2, game: { acts: acts.slice(0, ACT_LOG_RECENT) } } as unknown as TableState;
    expect(newestActs(short)).toBe(short);
    const open = { id: 3, game: null } as unknown as TableState;
    expect(newestActs(open)).toBe(open);
  });

  it("shows every act of a table no longer than that, with no button", () => {
    for (const n of [1, ACT_LOG_RECENT]) {
      const html = render(n);
      expect(numbers(html)).toEqual(Array.from({ length: n }, (_, i) => n - 1 - i));
      expect(html).not.toContain("act-log-all");
    }
  });

  it("names every claim an act said, after its text", () => {
    const { acts, now } = logOf(3);
    const claims = [
      { clause: "beacon", setting: "doused" },
      { clause: "ledger", setting: "published" },
      { clause: "salvage", setting: "to_the_finders" },
    ];
    const said = { ...acts[1]!, said: { text: "hear me", claims } } as (typeof acts)[number];
    const html = renderToStaticMarkup(
      createElement(ActLog, { acts: [acts[0]!, said, acts[2]!], names: WORKED_EXAMPLE.names, now }),
    );
    const shown = [...html.matchAll(/data-testid="act-claim">(?:, )?([^<]+)</g)].map((m) => m[1]);
    expect(shown).toEqual(["beacon = doused", "ledger = published", "salvage = to the finders"]);
    expect(html).toMatch(/hear me<\/q><span[^>]*> — wants <span/);
  });
});
