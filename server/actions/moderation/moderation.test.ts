// Moderation (shared/spec/access.md) on a real database: only an admin moderates, at every door; a suspension stops
// the account's sessions, its agents' tokens and its open streams at once, and a reinstatement lets them back; a
// cancelled table ends there and is revealed; a hidden text reads "hidden by a moderator" for every viewer and
// every export, while the log keeps the original for admins; two admins racing write one act. Round Tables:
// council.test.ts.
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createCaller } from "../../doors/trpc";
import { ANON, type Who } from "../../identity";
import { HIDDEN_TEXT } from "../../rules/moderation";
import { makeUser, type TestDatabase } from "../../testing/db";
import { moderationForFile, type Moderated } from "../../testing/moderation";
import { api } from "../../testing/doors";
import { DEAL_CHECKS_OUT } from "../../testing/tables";
import { registerLocal, verifyLocal, whoForUserId } from "../accounts";
import { createAgent, mayHaveRevoked, stillSignedIn, whoForToken } from "../agents";
import { T0 } from "../council/testing";
import {
  act,
  fillWithBots,
  joinTable,
  listTables,
  openTable,
  startTable,
  tableRecord,
  tableState,
  verifyDeal,
} from "../game";
import { cancelTable, hideSaid, moderationList, reinstateAccount, suspendAccount } from ".";

const clock = fixedClock(T0);
const MIN = 60_000;
let db: TestDatabase;
let admin: Moderated["admin"];
let stranger: Moderated["stranger"];
moderationForFile((made) => ({ db, admin, stranger } = made));

async function agentOf(owner: Who & { kind: "user" }, name: string) {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return { who: (await whoForToken(db.prisma, a.value.token))!, token: a.value.token };
}

/** A started table: the host at seat 0, then house bots; the host passes first, saying `said`. */
async function playingTable(title: string, said?: string) {
  const host = await makeUser(db, `${title}-host`);
  const opened = await openTable(db.prisma, host, { title, seatsMax: 4 });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({ ok: true });
  expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  if (said)
    expect(
      await act(db.prisma, host, "pass", { tableId: id, body: { said: { text: said } } }, T0 + 1000),
    ).toMatchObject({
      ok: true,
    });
  return { id, host };
}

describe("who may moderate", () => {
  it("only an admin, at every door: a guest signs in first, a person or an agent is forbidden", async () => {
    const { id } = await playingTable("mod-who");
    const owner = await makeUser(db, "mod-who-owner");
    const agent = (await agentOf(owner, "mod-who-agent")).who;
    const asked = { tableId: id, reason: "spam" };
    expect(await cancelTable(db.prisma, ANON, asked, T0)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await cancelTable(db.prisma, stranger, asked, T0)).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Only an admin may moderate.",
    });
    expect(await cancelTable(db.prisma, agent, asked, T0)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await suspendAccount(db.prisma, stranger, { account: owner.name, reason: "x" }, T0)).toMatchObject(
      {
        ok: false,
        code: "forbidden",
      },
    );
    expect(await moderationList(db.prisma, stranger)).toMatchObject({ ok: false, code: "forbidden" });
    // The JSON API: a guest is asked to sign in by the floor (people only), a person is refused by the action.
    const guest = await api(db.prisma, ANON, { clock })("POST", `/api/tables/${id}/cancel`, {
      reason: "spam",
    });
    expect([guest.status, guest.body.error.code]).toEqual([401, "signin_required"]);
    const person = await api(db.prisma, stranger, { clock })("POST", `/api/tables/${id}/cancel`, {
      reason: "x",
    });
    expect([person.status, person.body.error.message]).toEqual([403, "Only an admin may moderate."]);
    const byAgent = await api(db.prisma, agent, { clock })("POST", `/api/moderation/suspend`, {
      account: stranger.name,
      reason: "x",
    });
    expect(byAgent.status).toBe(403);
    // tRPC says the same; and a reason is required.
    await expect(
      createCaller({ db: db.prisma, who: stranger, clock }).moderation.log({}),
    ).rejects.toMatchObject({ message: "Only an admin may moderate." });
    const noReason = await api(db.prisma, admin, { clock })("POST", `/api/tables/${id}/cancel`, {
      reason: "  ",
    });
    expect(noReason.status).toBe(422);
    // The admin's own call works through the JSON API.
    const done = await api(db.prisma, admin, { clock })("POST", `/api/tables/${id}/cancel`, {
      reason: "spam",
    });
    expect([done.status, done.body]).toEqual([200, { status: "cancelled" }]);
  });
});

describe("suspending an account", () => {
  it("stops its sessions, its agents' tokens, its sign-in and its open streams at once; reinstating restores them", async () => {
    const made = await registerLocal(db.prisma, { name: "mod-sus", password: "correct horse battery" });
    if (!made.ok) throw new Error(made.message);
    const person = await whoForUserId(db.prisma, made.value.id);
    expect(person.kind).toBe("user");
    const { who: agent, token } = await agentOf(person as Who & { kind: "user" }, "mod-sus-agent");
    expect(await stillSignedIn(db.prisma, person)).toBe(true);

    const r = await suspendAccount(
      db.prisma,
      admin,
      { account: "MOD-SUS", reason: "spam in every said" },
      T0,
    );
    expect(r).toEqual({ ok: true, value: { account: "mod-sus", suspended: true } });
    expect(await whoForUserId(db.prisma, made.value.id)).toEqual({ kind: "anon" });
    expect(await whoForToken(db.prisma, token)).toBeNull();
    expect(await stillSignedIn(db.prisma, person)).toBe(false);
    expect(await stillSignedIn(db.prisma, agent)).toBe(false);
    expect(
      await verifyLocal(db.prisma, { name: "mod-sus", password: "correct horse battery" }),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    // The suspension's event makes both of its open streams check again.
    const event = await db.prisma.event.findFirst({
      where: { topic: `user:${made.value.id}`, type: "account.suspended" },
    });
    expect(event).not.toBeNull();
    expect(mayHaveRevoked(event!, person)).toBe(true);
    expect(mayHaveRevoked(event!, agent)).toBe(true);
    expect(mayHaveRevoked(event!, stranger)).toBe(false);
    // A bearer token of the suspended person's agent is refused like a revoked one at the doors.
    const viaApi = await api(db.prisma, ANON, { clock, badToken: true })("GET", "/api/me");
    expect(viaApi.status).toBe(401);

    expect(await suspendAccount(db.prisma, admin, { account: "mod-sus", reason: "again" }, T0)).toMatchObject(
      {
        ok: false,
        code: "conflict",
      },
    );
    expect(await suspendAccount(db.prisma, admin, { account: admin.name, reason: "me" }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await suspendAccount(db.prisma, admin, { account: "nobody-here", reason: "x" }, T0)).toMatchObject(
      {
        ok: false,
        code: "not_found",
      },
    );

    expect(
      await reinstateAccount(db.prisma, admin, { account: "mod-sus", reason: "appeal heard" }, T0 + MIN),
    ).toEqual({ ok: true, value: { account: "mod-sus", suspended: false } });
    expect((await whoForUserId(db.prisma, made.value.id)).kind).toBe("user");
    expect(await whoForToken(db.prisma, token)).not.toBeNull();
    expect(
      await verifyLocal(db.prisma, { name: "mod-sus", password: "correct horse battery" }),
    ).toMatchObject({
      ok: true,
    });
    expect(await reinstateAccount(db.prisma, admin, { account: "mod-sus", reason: "x" }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    const log = await moderationList(db.prisma, admin);
    expect(log.ok && log.value.acts.filter((a) => a.account === "mod-sus").map((a) => a.action)).toEqual([
      "reinstate",
      "suspend",
    ]);
  });
});

describe("cancelling a table", () => {
  it("ends it there: no more acts, the reveal for everyone, the log on its page, cancelled in the lobby", async () => {
    const { id, host } = await playingTable("mod-cancel");
    const before = await tableState(db.prisma, ANON, { tableId: id }, T0 + 2000);
    expect(before.ok && before.value.game?.charges).toBeNull();
    expect(await cancelTable(db.prisma, admin, { tableId: id, reason: "abusive host" }, T0 + 2000)).toEqual({
      ok: true,
      value: { status: "cancelled" },
    });
    for (const viewer of [ANON, host, admin, stranger] as Who[]) {
      const s = await tableState(db.prisma, viewer, { tableId: id }, T0 + 3000);
      if (!s.ok) throw new Error(s.message);
      expect(s.value.status).toBe("cancelled");
      expect(s.value.game?.status).toBe("cancelled");
      expect(s.value.game?.charges).toHaveLength(4);
      expect(s.value.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(s.value.game?.payoffs).toBeNull();
      expect(s.value.moderation).toEqual([
        expect.objectContaining({
          action: "cancel",
          subject: "the table",
          reason: "abusive host",
          by: "mod-admin",
        }),
      ]);
    }
    // Revealed, so anyone can check its deal against the commitment, as at any end.
    expect(await verifyDeal(db.prisma, ANON, { tableId: id }, T0 + 3000)).toMatchObject(DEAL_CHECKS_OUT);
    const turnOf = (await tableState(db.prisma, host, { tableId: id }, T0 + 3000)) as {
      ok: true;
      value: { yourSeat: number };
    };
    expect(turnOf.value.yourSeat).toBe(0);
    expect(await act(db.prisma, host, "pass", { tableId: id }, T0 + 3000)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "A moderator cancelled this table; no more acts are taken.",
    });
    const mine = await tableState(db.prisma, host, { tableId: id }, T0 + 3000);
    expect(mine.ok && mine.value.game?.may?.pass).toBe(
      "A moderator cancelled this table; no more acts are taken.",
    );
    // The clock stops with it: long after its deadline it is still cancelled, with no clock passes after.
    const later = await tableState(db.prisma, ANON, { tableId: id }, T0 + 30 * 24 * 60 * MIN);
    expect(later.ok && [later.value.status, later.value.game?.acts.length]).toEqual(["cancelled", 0]);
    const lobby = await listTables(db.prisma, ANON, T0);
    expect(lobby.ok && lobby.value.tables.find((t) => t.id === id)?.status).toBe("cancelled");
    const record = await tableRecord(db.prisma, ANON, { tableId: id }, T0 + 3000);
    expect(record.ok).toBe(true);
    expect(await cancelTable(db.prisma, admin, { tableId: id, reason: "again" }, T0 + 4000)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "That table is already cancelled.",
    });
  });

  it("an open table's lobby closes; a finished table cannot be cancelled; an unknown one is not_found", async () => {
    const host = await makeUser(db, "mod-open-host");
    const opened = await openTable(db.prisma, host, { title: "mod-open", seatsMax: 4 });
    if (!opened.ok) throw new Error(opened.message);
    const id = opened.value.id;
    expect(await cancelTable(db.prisma, admin, { tableId: id, reason: "test table" }, T0)).toMatchObject({
      ok: true,
    });
    const joiner = await makeUser(db, "mod-open-joiner");
    expect(await joinTable(db.prisma, joiner, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "A moderator cancelled this table; its seats are closed.",
    });
    const s = await tableState(db.prisma, host, { tableId: id }, T0);
    expect(s.ok && [s.value.status, s.value.lobby?.start]).toEqual([
      "cancelled",
      "A moderator cancelled this table; its seats are closed.",
    ]);
    const { id: ended } = await playingTable("mod-ended");
    const afterDeadline = T0 + 8 * 24 * 60 * MIN;
    expect((await tableState(db.prisma, ANON, { tableId: ended }, afterDeadline)).ok).toBe(true);
    expect(
      await cancelTable(db.prisma, admin, { tableId: ended, reason: "late" }, afterDeadline),
    ).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await cancelTable(db.prisma, admin, { tableId: 999_999, reason: "x" }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("two admins racing: one cancellation is written, the other is told", async () => {
    const { id } = await playingTable("mod-race");
    const other = { ...(await makeUser(db, "mod-admin-2")), admin: true };
    const answers = await Promise.all([
      cancelTable(db.prisma, admin, { tableId: id, reason: "a" }, T0 + 2000),
      cancelTable(db.prisma, other, { tableId: id, reason: "b" }, T0 + 2000),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "conflict" });
    expect(await db.prisma.moderationAct.count({ where: { tableId: id } })).toBe(1);
  });
});

describe("hiding a said text", () => {
  it('reads "hidden by a moderator" for every viewer and in the record; the log keeps the original for admins', async () => {
    const { id, host } = await playingTable("mod-hide", "buy my pills at example.test");
    expect(await hideSaid(db.prisma, admin, { tableId: id, act: 0, reason: "spam" }, T0 + 2000)).toEqual({
      ok: true,
      value: { hidden: true },
    });
    for (const viewer of [ANON, host, stranger, admin] as Who[]) {
      const s = await tableState(db.prisma, viewer, { tableId: id }, T0 + 2000);
      if (!s.ok) throw new Error(s.message);
      expect(JSON.stringify(s.value.game)).not.toContain("example.test");
      expect(s.value.game?.acts[0]?.said?.text).toBe(HIDDEN_TEXT);
      const entry = s.value.moderation[0]!;
      expect(entry).toMatchObject({ action: "hide", subject: "the said text of act 0", reason: "spam" });
      expect(entry.original).toBe(viewer === admin ? "buy my pills at example.test" : null);
    }
    // After the reveal, the record too.
    expect(await cancelTable(db.prisma, admin, { tableId: id, reason: "end it" }, T0 + 3000)).toMatchObject({
      ok: true,
    });
    const record = await tableRecord(db.prisma, ANON, { tableId: id }, T0 + 3000);
    expect(JSON.stringify(record)).not.toContain("example.test");
    expect(JSON.stringify(record)).toContain(HIDDEN_TEXT);
    expect(await hideSaid(db.prisma, admin, { tableId: id, act: 0, reason: "again" }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
      message: "That text is already hidden.",
    });
    expect(await hideSaid(db.prisma, admin, { tableId: id, act: 7, reason: "x" }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("an act that said no text has nothing to hide", async () => {
    const { id, host } = await playingTable("mod-nothing");
    expect(await act(db.prisma, host, "pass", { tableId: id }, T0 + 1000)).toMatchObject({ ok: true });
    expect(await hideSaid(db.prisma, admin, { tableId: id, act: 0, reason: "x" }, T0 + 2000)).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});
