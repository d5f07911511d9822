// Loads asked while the database is busy go as one statement; each still gets its own answer, and a statement the
// database refuses is sent again key by key, so no key fails for another's. Then the game's act path on a real
// database: acts of many tables at once, with a race for one turn among them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batching, eachOrAlone, raisedByDatabase } from "./batch";
import { makeUser, testDatabase, type TestDatabase } from "./testing/db";
import { act, joinTable, openTable, startTable } from "./actions/game";
import type { Who } from "./identity";

/** A run whose batches the test answers by hand: each call's keys, and a way to answer them. */
function manual<K>() {
  const calls: { keys: K[]; answer: (values: unknown[]) => void; refuse: (e: Error) => void }[] = [];
  const run = (keys: readonly K[]) =>
    new Promise<readonly unknown[]>((answer, refuse) => calls.push({ keys: [...keys], answer, refuse }));
  return { calls, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("batching", () => {
  it("sends a lone load at the next tick, alone, and the loads of one tick together", async () => {
    const { calls, run } = manual<number>();
    const loader = batching(run);
    const one = loader.load(1);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    calls[0]!.answer(["a"]);
    expect(await one).toBe("a");
    const both = [loader.load(2), loader.load(3)];
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3]]);
    calls[1]!.answer(["b", "c"]);
    expect(await Promise.all(both)).toEqual(["b", "c"]);
  });

  it("while its batches are out, later loads wait and go together when one comes back", async () => {
    const { calls, run } = manual<number>();
    const loader = batching(run, { out: 2 });
    const first = loader.load(1);
    await tick();
    const second = loader.load(2);
    await tick();
    const waiting = [3, 4, 5].map((k) => loader.load(k));
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2]]); // two out: 3, 4 and 5 wait
    calls[0]!.answer(["a"]);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2], [3, 4, 5]]);
    calls[1]!.answer(["b"]);
    calls[2]!.answer(["c", "d", "e"]);
    expect(await Promise.all([first, second, ...waiting])).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("an Error for one key rejects that load alone; a batch that fails rejects its own loads and frees its place", async () => {
    const { calls, run } = manual<number>();
    const loader = batching(run, { out: 1 });
    const loads = [1, 2].map((k) => loader.load(k));
    await tick();
    calls[0]!.answer([new Error("one's own"), "b"]);
    await expect(loads[0]).rejects.toThrow("one's own");
    expect(await loads[1]).toBe("b");
    const failing = loader.load(3);
    await tick();
    calls[1]!.refuse(new Error("connection lost"));
    await expect(failing).rejects.toThrow("connection lost");
    const after = loader.load(4);
    await tick();
    expect(calls.at(-1)!.keys).toEqual([4]);
    calls.at(-1)!.answer(["d"]);
    expect(await after).toBe("d");
  });

  it("a batch whose statements out are held up goes anyway after the stall, and the rest still wait their turn", async () => {
    const { calls, run } = manual<number>();
    const loader = batching(run, { out: 1, stallMs: 30 });
    const held = loader.load(1);
    await tick();
    const waiting = loader.load(2);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1]]);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.map((c) => c.keys)).toEqual([[1], [2]]); // went without waiting for the held statement
    const after = loader.load(3);
    await tick();
    expect(calls).toHaveLength(2); // two out now: the next waits
    calls[1]!.answer(["b"]);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1], [2], [3]]);
    calls[0]!.answer(["a"]);
    calls[2]!.answer(["c"]);
    expect(await Promise.all([held, waiting, after])).toEqual(["a", "b", "c"]);
  });

  it("carries at most `max` keys a statement", async () => {
    const { calls, run } = manual<number>();
    const loader = batching(run, { out: 5, max: 2 });
    const loads = [1, 2, 3, 4, 5].map((k) => loader.load(k));
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([[1, 2], [3, 4], [5]]);
    calls.forEach((c) => c.answer(c.keys.map((k) => k * 10)));
    expect(await Promise.all(loads)).toEqual([10, 20, 30, 40, 50]);
  });
});

describe("eachOrAlone", () => {
  const refused = (code: string) => Object.assign(new Error(`refused ${code}`), { code });

  it("sends each key alone when the database refuses the statement of several, so only the culprit fails", async () => {
    const sent: number[][] = [];
    const answers = await eachOrAlone([1, 2, 3], async (keys) => {
      sent.push([...keys]);
      if (keys.includes(2)) throw refused("23505");
      return keys.map((k) => k * 10);
    });
    expect(sent).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(answers[0]).toBe(10);
    expect(answers[1]).toBeInstanceOf(Error);
    expect((answers[1] as Error & { code: string }).code).toBe("23505");
    expect(answers[2]).toBe(30);
  });

  it("fails every key at once when the connection failed, and a lone key with its own error", async () => {
    const lost = Object.assign(new Error("Connection terminated"), { code: undefined });
    await expect(eachOrAlone([1, 2], () => Promise.reject(lost))).rejects.toBe(lost);
    await expect(eachOrAlone([1], () => Promise.reject(refused("23505")))).rejects.toMatchObject({
      code: "23505",
    });
    expect(raisedByDatabase(refused("22P02"))).toBe(true);
    expect(raisedByDatabase(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(false);
  });
});

describe("acts of many tables at once (a real database)", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(async () => db?.drop());

  const T0 = Date.parse("2026-11-29T09:00:00Z");

  async function startedTable(tag: string): Promise<{ id: number; seats: Who[] }> {
    const host = await makeUser(db, `${tag}-host`);
    const opened = await openTable(db.prisma, host, { title: tag, seatsMax: 4 });
    if (!opened.ok) throw new Error(opened.message);
    const seats: Who[] = [host];
    for (let i = 1; i < 4; i++) {
      seats.push(await makeUser(db, `${tag}-p${i}`));
      await joinTable(db.prisma, seats[i]!, { tableId: opened.value.id }, T0);
    }
    await startTable(db.prisma, host, { tableId: opened.value.id }, T0);
    return { id: opened.value.id, seats };
  }

  const commitsOf = async (ids: number[], turn: number) =>
    (
      await db.prisma.$queryRawUnsafe<{ commits: number }[]>(
        `SELECT count(DISTINCT xmin::text)::int AS commits FROM "Act" WHERE "tableId" = ANY($1::int[]) AND turn = $2`,
        ids,
        turn,
      )
    )[0]!.commits;

  it("acts of many tables sent at once each land once, in fewer commits than acts", async () => {
    const tables = [];
    for (let i = 0; i < 12; i++) tables.push(await startedTable(`batch${i}`));
    const ids = tables.map((t) => t.id);
    const tries = await Promise.all(
      tables.map((t) => act(db.prisma, t.seats[0]!, "pass", { tableId: t.id }, T0 + 1_000)),
    );
    expect(tries.every((t) => t.ok)).toBe(true);
    for (const id of ids)
      expect(await db.prisma.event.count({ where: { topic: `table:${id}`, type: "act" } })).toBe(1);
    // The acts' rows tell which transaction wrote them: some went together.
    expect(await commitsOf(ids, 0)).toBeLessThan(ids.length);

    // Now a race for one turn among them: the racers lose but one, and no other table's act fails for it.
    const raced = tables[0]!;
    const next = await Promise.all([
      ...tables.map((t) => act(db.prisma, t.seats[1]!, "pass", { tableId: t.id }, T0 + 2_000)),
      ...Array.from({ length: 4 }, () =>
        act(db.prisma, raced.seats[1]!, "pass", { tableId: raced.id }, T0 + 2_000),
      ),
    ]);
    const racers = [next[0]!, ...next.slice(tables.length)];
    expect(racers.filter((t) => t.ok)).toHaveLength(1);
    expect(racers.filter((t) => !t.ok).every((t) => !t.ok && t.code === "conflict")).toBe(true);
    expect(next.slice(1, tables.length).every((t) => t.ok)).toBe(true);
    for (const id of ids) {
      expect(await db.prisma.act.count({ where: { tableId: id } })).toBe(2);
      expect(await db.prisma.event.count({ where: { topic: `table:${id}`, type: "act" } })).toBe(2);
    }
  });
});
