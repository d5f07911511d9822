// The lobby's `may` and the actions' guards are one check asked twice: for every step and every kind of viewer, a
// step the page offers is taken, and a step it refuses is refused with the very sentence the page shows — by the
// action and by the JSON API's floor alike.
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { ANON, type Who } from "../../identity";
import { api } from "../../testing/doors";
import { makeUser, type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { createAgent, whoForToken } from "../agents";
import { fillWithBots, joinTable, leaveTable, openTable, seatModel, startTable, tableState } from "./index";

const NOW = Date.parse("2026-12-01T12:00:00Z");
let db: TestDatabase;
databaseForFile((made) => (db = made));

type Step = "join" | "leave" | "start" | "fill" | "model";
const ACTION: Record<Step, (who: Who, id: number) => Promise<{ ok: boolean; message?: string }>> = {
  join: (who, id) => joinTable(db.prisma, who, { tableId: id }, NOW),
  leave: (who, id) => leaveTable(db.prisma, who, { tableId: id }),
  start: (who, id) => startTable(db.prisma, who, { tableId: id }, NOW),
  fill: (who, id) => fillWithBots(db.prisma, who, { tableId: id, count: 1 }),
  model: (who, id) => seatModel(db.prisma, who, { tableId: id, body: { provider: "scripted" } }),
};
const PATH: Record<Step, string> = {
  join: "join",
  leave: "leave",
  start: "start",
  fill: "bots",
  model: "models",
};
/** What each step sends the JSON API. */
const BODY: Record<Step, object> = {
  join: {},
  leave: {},
  start: {},
  fill: {},
  model: { provider: "scripted" },
};

describe("a table's lobby", () => {
  it("refuses each step with the sentence it showed, for every kind of viewer, at the action and the JSON API", async () => {
    const host = await makeUser(db, "lobby-host");
    const sitter = await makeUser(db, "lobby-sitter");
    const outsider = await makeUser(db, "lobby-outsider");
    const made = await createAgent(db.prisma, outsider, { name: "lobby-agent" });
    const agent = made.ok ? (await whoForToken(db.prisma, made.value.token))! : ANON;
    const opened = await openTable(db.prisma, host, { title: "Lobby", seatsMax: 4 });
    const id = opened.ok ? opened.value.id : 0;
    await joinTable(db.prisma, sitter, { tableId: id }, NOW);
    let checked = 0;
    for (const [name, who] of [
      ["a guest", ANON],
      ["the host", host],
      ["a seated person", sitter],
      ["an outsider", outsider],
      ["an agent", agent],
    ] as const) {
      const s = await tableState(db.prisma, who, { tableId: id }, NOW);
      const lobby = s.ok ? s.value.lobby! : null;
      expect(lobby, name).not.toBeNull();
      for (const step of ["join", "leave", "start", "fill", "model"] as Step[]) {
        const shown = lobby![step];
        if (shown === true) continue; // taking it would change the table for the next viewer
        const r = await ACTION[step](who, id);
        expect(r, `${name} ${step}`).toMatchObject({ ok: false, message: shown });
        const door = await api(db.prisma, who, { clock: fixedClock(NOW) })(
          "POST",
          `/api/tables/${id}/${PATH[step]}`,
          BODY[step],
        );
        expect(door.body.error?.message, `${name} ${step} over the JSON API`).toBe(shown);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(12);
    // What it offered is taken: the outsider sits, the host seats a bot and starts.
    expect(await ACTION.join(outsider, id)).toMatchObject({ ok: true });
    expect(await ACTION.fill(host, id)).toMatchObject({ ok: true });
    expect(await ACTION.start(host, id)).toMatchObject({ ok: true });
  });
});
