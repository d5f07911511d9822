// An outside strategy's line (§16) carries, as its `view`, byte for byte the body `GET /api/tables/:id` answers its
// seat: a table is played on a real database through the JSON API (people, an agent, an offer with said claims, a
// whisper, an accept), and at the same moment the line the arena would write for each seat, from the same game and
// the same facts, is compared with what the JSON API answers that seat's holder.
import { describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "@/server/actions/agents";
import { loadTable } from "@/server/actions/game";
import { fixedClock } from "@/server/clock";
import { arenaTableFacts, decisionLine } from "@/server/doors/cli/arena-view";
import type { Who } from "@/server/identity";
import type { Game } from "@/server/rules/game";
import { api } from "@/server/testing/doors";
import { makeUser, type TestDatabase } from "@/server/testing/db";
import { databaseForFile } from "@/server/testing/lifecycle";

const T0 = Date.parse("2026-12-01T12:00:00Z");
const MIN = 60_000;

let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("the arena's view line", () => {
  it("is the JSON API's answer to that seat, byte for byte", async () => {
    const host = await makeUser(db, "view-host");
    const owner = await makeUser(db, "view-owner");
    const made = await createAgent(db.prisma, owner, { name: "view-agent" });
    if (!made.ok) throw new Error(made.message);
    const agent = (await whoForToken(db.prisma, made.value.token))! as Extract<Who, { kind: "agent" }>;
    const p2 = await makeUser(db, "view-p2");
    const p3 = await makeUser(db, "view-p3");
    const as = (who: Who, at: number) => api(db.prisma, who, { clock: fixedClock(at) });
    const id = (await as(host, T0)("POST", "/api/tables", { title: "Seen alike", seats_max: 4 })).body
      .id as number;
    for (const who of [agent, p2, p3])
      expect((await as(who, T0)("POST", `/api/tables/${id}/join`)).status).toBe(200);
    expect((await as(host, T0)("POST", `/api/tables/${id}/start`)).status).toBe(200);

    const seen = (await as(host, T0)("GET", `/api/tables/${id}`)).body;
    const charter = seen.game.charter as string[];
    const accord = Object.fromEntries(charter.map((c) => [c, seen.settings[c][0]]));
    const claim = { clause: charter[0], setting: seen.settings[charter[0]!][1] };
    const act = (who: Who, at: number, path: string, body?: unknown) =>
      as(who, at)("POST", `/api/tables/${id}/${path}`, body);
    expect(
      (await act(host, T0 + MIN, "offer", { accord, said: { text: "Take it", claims: [claim] } })).status,
    ).toBe(200);
    expect((await act(agent, T0 + 2 * MIN, "pass", { said: { text: "Thinking" } })).status).toBe(200);
    expect((await act(p2, T0 + 3 * MIN, "whisper", { to: 1, text: "psst", claims: [claim] })).status).toBe(
      201,
    );
    const may = (await as(p2, T0 + 4 * MIN)("GET", `/api/tables/${id}`)).body.game.may;
    expect((await act(p2, T0 + 4 * MIN, may.accept === true ? "accept" : "pass")).status).toBe(200);
    expect((await act(p3, T0 + 5 * MIN, "pass")).status).toBe(200);

    // The game as the arena holds one: plain data, nothing frozen or marked.
    const loaded = (await loadTable(db.prisma, id))!;
    const g = loaded.game!;
    const game: Game = JSON.parse(
      JSON.stringify({
        seats: g.seats,
        charter: g.charter,
        charges: g.charges,
        startedAt: g.startedAt,
        turnWindowMs: g.turnWindowMs,
        deadlineMs: g.deadlineMs,
        acts: g.acts,
        whispers: g.whispers,
      }),
    );
    expect(game.acts).toHaveLength(4);
    // What a database holds and the arena makes up (arenaTableFacts), this table's own.
    const facts = {
      ...arenaTableFacts({ table: id, seed: loaded.table.seed!, players: [] }),
      title: "Seen alike",
      host: { id: host.userId, name: host.name },
      createdAt: loaded.table.createdAt.getTime(),
      visibility: loaded.table.visibility as "public",
      seats: [
        { kind: "person" as const, userId: host.userId, name: host.name },
        { kind: "agent" as const, agentId: agent.agentId, ownerId: agent.ownerId, name: agent.name },
        { kind: "person" as const, userId: p2.userId, name: p2.name },
        { kind: "person" as const, userId: p3.userId, name: p3.name },
      ],
    };
    expect(facts.commitment).toBe(loaded.table.commitment);
    const now = T0 + 10 * MIN;
    const holders: Who[] = [host, agent, p2, p3];
    for (let seat = 0; seat < 4; seat++) {
      const answer = await as(holders[seat]!, now)("GET", `/api/tables/${id}`);
      expect(answer.status).toBe(200);
      const line = decisionLine(7, { table: id, seed: "", players: [], seat, player: "", game, now }, facts);
      expect(line.startsWith(`{"id":7,"table":${id},"seat":${seat},"view":`)).toBe(true);
      expect(line.slice(line.indexOf('"view":') + 7, -1)).toBe(answer.text);
      // What only that seat may see is in it: its charge, may, your_payoff; and the whisper only for its two seats.
      const view = JSON.parse(line).view;
      expect(view.your_seat).toBe(seat);
      expect(view.game.charge).toEqual(game.charges[seat]);
      expect(view.game.whispers[0].sealed).toBe(seat !== 1 && seat !== 2);
    }
  });
});
