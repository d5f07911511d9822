// The terminal end to end on a real database: keys → commands → actions → screens, for two players and a guest.
import { beforeAll, describe, expect, it } from "vitest";
import { registerLocal } from "@/server/actions/accounts";
import { createAgent, revokeAgent } from "@/server/actions/agents";
import { openTable } from "@/server/actions/game";
import type { Who } from "@/server/identity";
import { WORKED_EXAMPLE } from "@/server/rules/game";
import { makeUser, type TestDatabase } from "@/server/testing/db";
import { databaseForFile } from "@/server/testing/lifecycle";
import { MIN, T0 } from "@/server/testing/tables";
import { identify, meOf } from "./identity";
import { press } from "./keys";
import { runTty, type Terminal } from "./main";
import { runCommand } from "./run";
import { screen } from "./screen";
import { initialState, type Key, type TtyState } from "./state";

let db: TestDatabase;
databaseForFile((made) => (db = made));

/** One person's terminal, minus the raw tty: each key goes through the reducer, each command through the actions. */
class Tty {
  state: TtyState;
  constructor(
    private who: Who,
    public now = T0,
  ) {
    this.state = initialState(meOf(who), now);
  }
  async keys(...keys: Key[]): Promise<this> {
    for (const key of keys) {
      const step = press(this.state, key);
      this.state = step.state;
      if (step.command && step.command.kind !== "quit") {
        const update = await runCommand({ db: db.prisma, who: this.who }, this.state, step.command, this.now);
        this.state = update(this.state);
      }
    }
    return this;
  }
  /** Moves the lobby cursor onto a table by its title. */
  async toTable(title: string): Promise<this> {
    await this.keys("r");
    const at = this.state.tables?.findIndex((t) => t.title === title) ?? -1;
    expect(at).toBeGreaterThanOrEqual(0);
    this.state = { ...this.state, cursor: at };
    return this;
  }
  get text() {
    return screen(this.state, { cols: 160 }).join("\n");
  }
  get message() {
    return this.state.message;
  }
}

describe("two players and a guest at one table, through the terminal", () => {
  const title = "Terminal table";
  let aster: Who & { kind: "user" };
  let brine: Who & { kind: "user" };
  let id: number;

  beforeAll(async () => {
    aster = await makeUser(db, "Aster-tty");
    brine = await makeUser(db, "Brine-tty");
    const opened = await openTable(db.prisma, aster, { title, seatsMax: 5 });
    if (!opened.ok) throw new Error(opened.message);
    id = opened.value.id;
  });

  it("list → open → sit: the lobby lists the table, o opens it, s takes a seat", async () => {
    const t = await new Tty(brine).toTable(title);
    expect(t.text).toMatch(new RegExp(`> ${id} +Terminal table +open +1/5 +Aster-tty`));
    await t.keys("o");
    expect(t.text).toContain(`#${id}  Terminal table`);
    expect(t.text).toMatch(/sit \(s\) +yes/);
    await t.keys("s");
    expect(t.message).toEqual({ tone: "info", text: "You took seat 2." });
    expect(t.text).toMatch(/2\. Brine-tty \(you\) +person/);
    expect(t.text).toMatch(/leave \(x\) +yes/);
    await t.keys("s");
    expect(t.message).toEqual({ tone: "error", text: "You already hold a seat at this table." });
    expect(t.text).toContain("! You already hold a seat at this table.");
  });

  it("the host fills the table with house bots and starts it", async () => {
    const t = await new Tty(aster).toTable(title);
    await t.keys("o", "t");
    expect(t.message).toEqual({ tone: "error", text: "A table starts with at least 4 seats taken; 2 are." });
    await t.keys("f");
    expect(t.message).toEqual({ tone: "info", text: "3 house bots took seats." });
    expect(t.text).toMatch(/3\. Bosun +bot/);
    await t.keys("t");
    expect(t.message?.text).toMatch(/^The table is dealt and the clock runs; commitment [0-9a-f]{64}\.$/);
    expect(t.text).toContain("playing · host Aster-tty");

    // Deal the worked example's charter and charges instead of the random deal, so the game below is known.
    const seats = await db.prisma.seat.findMany({ where: { tableId: id }, orderBy: { position: "asc" } });
    await db.prisma.gameTable.update({ where: { id }, data: { charter: WORKED_EXAMPLE.game.charter } });
    for (const [i, seat] of seats.entries())
      await db.prisma.seat.update({
        where: { id: seat.id },
        data: { charge: WORKED_EXAMPLE.game.charges[i]! },
      });
  });

  it("the turn's acts: Aster composes and offers accord A, Brine chooses the aim to swear and accepts", async () => {
    const a = new Tty(aster, T0);
    a.state = { ...a.state, place: { kind: "table", id } };
    await a.keys("r");
    expect(a.text).toContain("Your turn");
    expect(a.text).toContain(
      "Your charge (yours only): salvage = to_the_finders (3), hold = sealed (2), name = kept (1)",
    );
    await a.keys("c");
    expect(a.text).toContain("Offer an accord at");
    await a.keys("enter"); // the first draft is Aster's own aims and first settings: accord A
    expect(a.message).toEqual({
      tone: "info",
      text: "You offered an accord; it stands and every acceptance is cleared.",
    });
    expect(a.text).toContain("Charter — [standing offer]: Aster-tty's, act 0 · 0 of 4 accepted");
    expect(a.text).toContain("The standing offer would pay you 6 (your fallback is 1).");
    expect(a.text).toMatch(/You wait: It is not your turn/);

    const guest = new Tty({ kind: "anon" }, T0 + MIN);
    guest.state = { ...guest.state, place: { kind: "table", id } };
    await guest.keys("r");
    expect(guest.text).toContain("Charter — [standing offer]: Aster-tty's, act 0");
    expect(guest.text).not.toMatch(
      /Your charge|your aim|would pay you|every charge|salvage = to_the_finders \(3\)/,
    );

    const b = new Tty(brine, T0 + 5 * MIN);
    b.state = { ...b.state, place: { kind: "table", id } };
    await b.keys("r");
    expect(b.text).toMatch(/accept \(a\) +yes — swear ledger = redacted or pilot = reinstated/);
    await b.keys("a");
    expect(b.text).toContain("Choose the aim of yours to swear");
    await b.keys("j", "enter");
    expect(b.message?.text).toMatch(/^You accepted and swore pilot = reinstated\.( The accord is bound\.)?$/);
    expect(b.text).toContain("Brine-tty swore pilot = reinstated · act 1");
    // The house bots took their turns at once; the table now waits for Aster, or it bound.
    const game = b.state.table!.game!;
    expect(game.acts.length).toBeGreaterThanOrEqual(5);
    if (game.status === "playing") expect(b.text).toMatch(/Clock: Aster-tty to act/);
    else expect(b.text).toContain("Standings");

    await b.keys("x");
    expect(b.message).toEqual({
      tone: "error",
      text: "The table has started; seats are fixed for the game.",
    });
  });

  it("a guest watches the same table: the log and the sworn, no charge and no refusals", async () => {
    const g = await new Tty({ kind: "anon" }, T0 + 6 * MIN).toTable(title);
    await g.keys("o");
    expect(g.text).toContain("Brine-tty swore pilot = reinstated");
    expect(g.text).toContain("guest, reading only");
    const revealed = g.state.table!.status !== "playing";
    if (!revealed) expect(g.text).not.toMatch(/Your charge|your aim|every charge/);
    await g.keys("a", "p", "c", "x");
    expect(g.message).toBeNull();
    await g.keys("escape");
    expect(g.state.place).toEqual({ kind: "lobby" });
    expect(g.text).toContain("Tables (");
  });

  it("a table that is not there: back to the lobby, saying so", async () => {
    const t = new Tty(brine);
    t.state = { ...t.state, place: { kind: "table", id: 987654 } };
    await t.keys("r");
    expect(t.state.place).toEqual({ kind: "lobby" });
    expect(t.text).toContain("· Table #987654: There is no such table.");
  });
});

describe("who sits at the terminal", () => {
  it("a person by name and password; an agent by token; otherwise a guest", async () => {
    expect(await registerLocal(db.prisma, { name: "Corin-tty", password: "a long password" })).toMatchObject({
      ok: true,
    });
    expect(
      await identify(db.prisma, { PARLEY_USER: "Corin-tty", PARLEY_PASSWORD: "a long password" }),
    ).toMatchObject({
      ok: true,
      value: { kind: "user", name: "Corin-tty" },
    });
    expect(await identify(db.prisma, { PARLEY_USER: "Corin-tty", PARLEY_PASSWORD: "wrong one" })).toEqual({
      ok: false,
      code: "signin_required",
      message: "That name and password do not match an account.",
    });
    expect(await identify(db.prisma, { PARLEY_USER: "Corin-tty" })).toMatchObject({
      ok: false,
      message: "Set PARLEY_PASSWORD to sign in as Corin-tty (or unset PARLEY_USER to watch as a guest).",
    });

    const owner = await makeUser(db, "Dace-tty");
    const agent = await createAgent(db.prisma, owner, { name: "dace-bot" });
    if (!agent.ok) throw new Error(agent.message);
    const who = await identify(db.prisma, { PARLEY_TOKEN: agent.value.token });
    expect(who).toMatchObject({ ok: true, value: { kind: "agent", name: "dace-bot" } });
    expect(meOf(who.ok ? who.value : { kind: "anon" })).toMatchObject({ kind: "agent", name: "dace-bot" });
    expect(await identify(db.prisma, { PARLEY_TOKEN: agent.value.token, PARLEY_USER: "x" })).toMatchObject({
      ok: false,
      message: "Set PARLEY_TOKEN or PARLEY_USER, not both.",
    });
    await revokeAgent(db.prisma, owner, { id: agent.value.id });
    expect(await identify(db.prisma, { PARLEY_TOKEN: agent.value.token })).toMatchObject({
      ok: false,
      message: "PARLEY_TOKEN is not a live agent token (unknown or revoked).",
    });

    expect(await identify(db.prisma, {})).toEqual({ ok: true, value: { kind: "anon" } });
  });
});

describe("parley tty without a terminal", () => {
  const notATerminal = (written: string[]): Terminal => ({
    stdin: { isTTY: false, on: () => {}, off: () => {}, resume: () => {}, pause: () => {} },
    stdout: { columns: 100, write: (s) => void written.push(s) },
  });
  const run = async (args: string[], env = {}) => {
    const out = { stdout: "", stderr: "" };
    const code = await runTty(
      args,
      { stdout: (s) => void (out.stdout += s), stderr: (s) => void (out.stderr += s) },
      { env, url: db.url, terminal: notATerminal([]) },
    );
    return { ...out, code };
  };

  it("prints the lobby once and exits 0", async () => {
    const out = await run([]);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout).toMatch(/^Parley · Sworn & Said — guest, reading only/);
    expect(out.stdout).toMatch(/\nTables \(\d+\)\n/);
  }, 60_000);

  it("prints one table with TABLE, and exits 1 on a table that is not there or a bad argument", async () => {
    expect(await run(["987654"])).toEqual({
      stdout: "",
      stderr: "parley tty: Table #987654: There is no such table.\n",
      code: 1,
    });
    expect(await run(["1e3"])).toEqual({
      stdout: "",
      stderr: "parley tty: usage: parley tty [TABLE]\n",
      code: 1,
    });
    expect(await run(["1", "2"])).toMatchObject({ code: 1 });
  }, 60_000);

  it("refuses an identity it cannot prove: one line, exit 1", async () => {
    expect(await run([], { PARLEY_USER: "nobody-here", PARLEY_PASSWORD: "whatever1" })).toEqual({
      stdout: "",
      stderr: "parley tty: That name and password do not match an account.\n",
      code: 1,
    });
  }, 60_000);
});
