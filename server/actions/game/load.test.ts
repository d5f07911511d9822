// A table's read keeps the acts it has read (server/actions/game/load.ts): the next read of that table asks only for
// the acts written since. What it answers is always the ledger as it stands: the same acts, in order, as a read
// that keeps nothing (inside a transaction), whoever wrote them; a ledger not as remembered is read whole again.
import { describe, expect, it } from "vitest";
import { makeUser } from "../../testing/db";
import { loadTable } from "./load";
import type { LoadedTable } from "./loaded";
import { hideSaid } from "../moderation";
import { HIDDEN_TEXT } from "../../rules/moderation";
import { db, MIN, T0, useTablesDatabase } from "../../testing/tables";
import { expectWhole, passElsewhere, playedTable, readWhole, texts, unmarked } from "../../testing/ledger";

useTablesDatabase();

describe("a table's read keeps the acts it read", () => {
  it("reads the acts written since, after the ones it kept, in order: what a read that keeps nothing reads", async () => {
    const { id, pass } = await playedTable("kept-order");
    await pass(0, 3);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "turn 1", "turn 2"]);
    await pass(3, 4);
    const again = await loadTable(db.prisma, id);
    expect(texts(again)).toEqual([0, 1, 2, 3, 4, 5, 6].map((t) => `turn ${t}`));
    await expectWhole(id, again);
    // Nothing new: the same ledger again.
    expect(await loadTable(db.prisma, id)).toEqual(again);
  });

  it("does not read again an act it kept (acts are never changed once written)", async () => {
    const { id, pass } = await playedTable("kept-once");
    await pass(0, 2);
    await loadTable(db.prisma, id);
    // Changed behind its back, which no door does: the kept act is what the read answers, the whole read shows it.
    await db.sql.exec(`UPDATE "Act" SET said = '{"text":"rewritten"}' WHERE "tableId" = ${id} AND turn = 0`);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0", "turn 1"]);
    expect(texts(await readWhole(id))).toEqual(["rewritten", "turn 1"]);
  });

  it("reads the ledger whole when the act before the new ones is not the one it kept", async () => {
    const { id, pass } = await playedTable("kept-restored");
    await pass(0, 3);
    expect(texts(await loadTable(db.prisma, id))).toHaveLength(3);
    // As a database restored from an earlier backup, then played on: from turn 1 on, other acts (written here as
    // they stand in the database; a door's act would read the table first, and so read it whole itself).
    await db.sql.exec(`DELETE FROM "Act" WHERE "tableId" = ${id} AND turn >= 1`);
    await db.sql.exec(`UPDATE "Act" SET said = '{"text":"restored 0"}' WHERE "tableId" = ${id} AND turn = 0`);
    for (const turn of [1, 2, 3]) await passElsewhere(id, turn, `again ${turn}`);
    const read = await loadTable(db.prisma, id);
    expect(texts(read)).toEqual(["restored 0", "again 1", "again 2", "again 3"]);
    await expectWhole(id, read);
  });

  it("hands out kept acts frozen: no reader can change them for the next", async () => {
    const { id, pass } = await playedTable("kept-frozen");
    await pass(0, 1);
    const first = (await loadTable(db.prisma, id))!.game!.acts[0]!;
    expect(() => {
      (first.said as { text?: string }).text = "changed";
    }).toThrow(TypeError);
    expect(texts(await loadTable(db.prisma, id))).toEqual(["turn 0"]);
  });

  it("makes each kept act into the rules' shape once, shared frozen by later reads; a text hidden since reads hidden", async () => {
    const { id, pass } = await playedTable("kept-shape");
    await pass(0, 2);
    const first = (await loadTable(db.prisma, id))!.game!.acts;
    await pass(2, 1);
    const second = (await loadTable(db.prisma, id))!.game!.acts;
    // The ledger itself is kept in that shape: a read with nothing new hands out the same frozen array.
    expect((await loadTable(db.prisma, id))!.game!.acts).toBe(second);
    expect(Object.isFrozen(second)).toBe(true);
    expect(() => (second as unknown[]).push({ type: "pass", at: 0 })).toThrow(TypeError);
    expect(second.slice(0, 2)).toEqual(first);
    second.slice(0, 2).forEach((act, i) => expect(act).toBe(first[i]));
    expect(Object.isFrozen(second[0])).toBe(true);
    expect(() => {
      (second[0] as { at: number }).at = 0;
    }).toThrow(TypeError);
    // A moderator hides turn 0's text: every read from then on shows it hidden, as a read that keeps nothing does.
    const admin = { ...(await makeUser(db, "kept-shape-admin")), admin: true };
    expect(
      await hideSaid(db.prisma, admin, { tableId: id, act: 0, reason: "spam" }, T0 + 10 * MIN),
    ).toMatchObject({
      ok: true,
    });
    const hidden = await loadTable(db.prisma, id);
    expect(texts(hidden)).toEqual([HIDDEN_TEXT, "turn 1", "turn 2"]);
    expect(hidden!.game!.acts[1]).toBe(first[1]);
    expect(unmarked(hidden)!.game).toEqual(unmarked(await readWhole(id))!.game);
    expect(hidden!.moderation[0]).toMatchObject({ action: "hide", part: "said:0", original: "turn 0" });
  });
});

// The table's other parts (the table's row, seats and their holders' names, members, whispers, model calls,
// moderation) are kept at the table's stamp, which a trigger changes with every write to any of them
// (prisma/migrations/*_table_stamp): a read while the stamp stands sends only the new acts.
describe("a table's read keeps its other parts while its stamp stands", () => {
  const stampOf = async (id: number) =>
    (
      await db.sql.query<{ stamp: string }>(`SELECT stamp::text AS stamp FROM "GameTable" WHERE id = ${id}`)
    )[0]!.stamp;

  it("shares the same frozen parts while nothing but acts is written, and an act changes no stamp", async () => {
    const { id, pass } = await playedTable("parts-kept");
    const first = (await loadTable(db.prisma, id))!;
    const stamp = await stampOf(id);
    await pass(0, 3);
    expect(await stampOf(id)).toBe(stamp);
    const later = (await loadTable(db.prisma, id))!;
    expect(later.seats).toBe(first.seats);
    expect(later.table).toBe(first.table);
    expect(later.members).toBe(first.members);
    expect(later.game!.charges).toBe(first.game!.charges);
    expect(texts(later)).toEqual(["turn 0", "turn 1", "turn 2"]);
    await expectWhole(id, later);
    expect(Object.isFrozen(later.seats[0])).toBe(true);
    expect(() => {
      (later.table as { title: string }).title = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (later.game!.charges[0] as unknown as Record<string, unknown>).added = 1;
    }).toThrow(TypeError);
  });

  // Each written behind the process's back, as another process or a tool would: the next read shows it.
  const at = new Date(T0 + 30 * MIN).toISOString();
  const changes: [string, (id: number, hostId: number) => string, (read: LoadedTable) => unknown, unknown][] =
    [
      [
        "the table's row",
        (id) => `UPDATE "GameTable" SET visibility = 'signed_in' WHERE id = ${id}`,
        (r) => r.table.visibility,
        "signed_in",
      ],
      [
        "a seat",
        (id) => `UPDATE "Seat" SET invitee = 'someone' WHERE "tableId" = ${id} AND position = 1`,
        (r) => r.seats[1]!.invitee,
        "someone",
      ],
      [
        "a holder's name",
        (_id, hostId) => `UPDATE "User" SET name = 'renamed-${hostId}' WHERE id = ${hostId}`,
        (r) => [r.table.host.name, r.seats[0]!.user!.name],
        ["HOST", "HOST"],
      ],
      [
        "a member",
        (id, hostId) => `INSERT INTO "Member" ("tableId", "userId") VALUES (${id}, ${hostId})`,
        (r) => r.members.length,
        1,
      ],
      [
        "a whisper",
        (id) => `INSERT INTO "Whisper" ("tableId", "fromSeat", "toSeat", n, text, at)
               VALUES (${id}, 0, 1, 0, 'psst', '${at}')`,
        (r) => r.game!.whispers?.map((w) => w.text),
        ["psst"],
      ],
      [
        "a model call",
        (
          id,
        ) => `INSERT INTO "GameModelCall" ("tableId", seat, turn, attempt, try, provider, model, "startedAt",
                 "finishedAt", outcome) VALUES (${id}, 1, 1, 1, 1, 'scripted', 'm', '${at}', '${at}', 'acted')`,
        (r) => r.modelCalls.map((c) => c.outcome),
        ["acted"],
      ],
      [
        "the moderation log",
        (id, hostId) => `INSERT INTO "ModerationAct" (at, "adminId", action, "tableId", reason)
                       VALUES ('${at}', ${hostId}, 'cancel', ${id}, 'test')`,
        (r) => [r.moderation.length, r.game!.cancelledAt],
        [1, Date.parse(at)],
      ],
    ];
  for (const [what, sql, shown, expected] of changes)
    it(`reads the parts again after a write to ${what}`, async () => {
      const { id, pass } = await playedTable(`parts-${what.replaceAll(/\W/g, "")}`);
      await pass(0, 1);
      const before = (await loadTable(db.prisma, id))!;
      const stamp = await stampOf(id);
      const hostId = before.table.hostId;
      await db.sql.exec(sql(id, hostId));
      expect(await stampOf(id)).not.toBe(stamp);
      const after = (await loadTable(db.prisma, id))!;
      const want = JSON.parse(JSON.stringify(expected).replaceAll("HOST", `renamed-${hostId}`));
      expect(shown(after)).toEqual(want);
      expect(shown(before)).not.toEqual(want);
      await expectWhole(id, after);
      // And kept again at the new stamp.
      expect((await loadTable(db.prisma, id))!.seats).toBe(after.seats);
    });

  it("reads the parts again after an agent at the table is renamed, and after a row is deleted", async () => {
    const { id, pass } = await playedTable("parts-agent");
    const before = (await loadTable(db.prisma, id))!;
    const owner = before.table.hostId;
    const [agent] = await db.sql.query<{ id: number }>(
      `INSERT INTO "Agent" ("ownerId", name, "tokenHash", "tokenHint") VALUES (${owner}, 'bot-a', 'hash-parts-agent', 'h')
       RETURNING id`,
    );
    await db.sql.exec(
      `UPDATE "Seat" SET "userId" = NULL, "agentId" = ${agent!.id} WHERE "tableId" = ${id} AND position = 3`,
    );
    expect((await loadTable(db.prisma, id))!.seats[3]!.agent).toEqual({ name: "bot-a", ownerId: owner });
    await db.sql.exec(`UPDATE "Agent" SET name = 'bot-b' WHERE id = ${agent!.id}`);
    expect((await loadTable(db.prisma, id))!.seats[3]!.agent!.name).toBe("bot-b");
    await db.sql.exec(`INSERT INTO "Member" ("tableId", "userId") VALUES (${id}, ${owner})`);
    expect((await loadTable(db.prisma, id))!.members).toEqual([owner]);
    await db.sql.exec(`DELETE FROM "Member" WHERE "tableId" = ${id}`);
    expect((await loadTable(db.prisma, id))!.members).toEqual([]);
    // A write that shows nowhere in the read leaves the stamp alone: an agent's last use.
    const stamp = await stampOf(id);
    await db.sql.exec(`UPDATE "Agent" SET "lastUsedAt" = now() WHERE id = ${agent!.id}`);
    expect(await stampOf(id)).toBe(stamp);
    await pass(0, 1).catch(() => {}); // the seat's holder changed under the test's players; only the stamp matters
    await expectWhole(id, await loadTable(db.prisma, id));
  });

  it("reads the host's name again after the agent that hosts is renamed (migration agent_host)", async () => {
    const { id } = await playedTable("parts-host-agent");
    const owner = (await loadTable(db.prisma, id))!.table.hostId;
    // An agent that hosts but holds no seat here, so only the host's own column can restamp the table.
    const [agent] = await db.sql.query<{ id: number }>(
      `INSERT INTO "Agent" ("ownerId", name, "tokenHash", "tokenHint") VALUES (${owner}, 'host-a', 'hash-host-agent', 'h')
       RETURNING id`,
    );
    await db.sql.exec(`UPDATE "GameTable" SET "hostAgentId" = ${agent!.id} WHERE id = ${id}`);
    expect((await loadTable(db.prisma, id))!.table).toMatchObject({
      hostAgentId: agent!.id,
      host: { name: "host-a" },
    });
    const stamp = await stampOf(id);
    await db.sql.exec(`UPDATE "Agent" SET name = 'host-b' WHERE id = ${agent!.id}`);
    expect(await stampOf(id)).not.toBe(stamp);
    expect((await loadTable(db.prisma, id))!.table.host.name).toBe("host-b");
    await expectWhole(id, await loadTable(db.prisma, id));
  });
});

// An act at a table this process keeps is judged on the table as kept, unread, and written only if the table is still
// as kept (append.ts, `parley_as_kept`); otherwise, and for any refusal, it is judged again on the table as read.
