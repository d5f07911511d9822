// Who may read what, and nobody seated without saying yes (shared/spec/access.md), on a real database: every
// visibility × every kind of viewer, through the actions and every door (JSON API, MCP, tRPC), in the lists and
// the live feed; invitations and their consent, invite links, and one identity per person at a table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createCaller } from "../doors/trpc";
import { ANON, type Who } from "../identity";
import type { LiveEvent } from "../live";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { api, callTool, mcpClient } from "../testing/doors";
import { councilMinutes, councilState, convene, exportState, listCouncils } from "./council";
import { agentOf, modelSeat, personSeat, T0, table as councilTable, type Person } from "./council/testing";
import {
  fillWithBots,
  inviteToTable,
  joinTable,
  listTables,
  openTable,
  setTableVisibility,
  startTable,
  tableRecord,
  tableState,
} from "./game";
import { answerInvitation, createLink, listInvitations, redeemLink, revokeLink } from "./invitations";
import { eventAudience } from "./live";

const clock = fixedClock(T0);
let db: TestDatabase;
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const VISIBILITIES = ["public", "signed_in", "invited"] as const;
type Viewer = "guest" | "stranger" | "member" | "admin" | "owner's agent" | "stranger's agent";

/** Who reads what: the expected answer per visibility and viewer (true: it reads; false: not_found). */
const READS: Record<(typeof VISIBILITIES)[number], Record<Viewer, boolean>> = {
  public: {
    guest: true,
    stranger: true,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": true,
  },
  signed_in: {
    guest: false,
    stranger: true,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": true,
  },
  invited: {
    guest: false,
    stranger: false,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": false,
  },
};

async function viewers(tag: string, owner: Person, member: Person): Promise<Record<Viewer, Who>> {
  const stranger = await makeUser(db, `${tag}-stranger`);
  const admin = { ...(await makeUser(db, `${tag}-admin`)), admin: true };
  return {
    guest: ANON,
    stranger,
    member,
    admin,
    "owner's agent": (await agentOf(db, owner, `${tag}-owners-agent`)).who,
    "stranger's agent": (await agentOf(db, stranger, `${tag}-strangers-agent`)).who,
  };
}

/** The events written about a subject, as the live feed hands them to a follower. */
async function eventsOf(topic: string, id: number, key: "tableId" | "councilId"): Promise<LiveEvent[]> {
  const rows = await db.prisma.event.findMany({ orderBy: { id: "asc" } });
  return rows
    .filter(
      (r) => r.topic === topic || (r.topic === "lobby" && (r.payload as Record<string, unknown>)[key] === id),
    )
    .map((r) => ({
      id: String(r.id),
      txid: String(r.txid),
      topic: r.topic,
      type: r.type,
      payload: r.payload,
      at: r.createdAt.toISOString(),
    }));
}

/** A started table of `visibility`, hosted by host, seated by member and two bots, played out to the reveal. */
async function tableOf(tag: string, visibility: (typeof VISIBILITIES)[number]) {
  const host = await makeUser(db, `${tag}-host`);
  const member = await makeUser(db, `${tag}-member`);
  const opened = await openTable(db.prisma, host, { title: `${tag} table`, seats_max: 4, visibility });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  // The member is invited (an invited table lets in nobody else), and says yes.
  expect(
    await inviteToTable(db.prisma, host, { tableId: id, body: { person: member.name } }, T0),
  ).toMatchObject({
    ok: true,
  });
  expect(await answerInvitation(db.prisma, member, { kind: "table", id }, true, T0)).toMatchObject({
    ok: true,
  });
  expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({ ok: true });
  expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  return { id, host, member };
}

describe("visibility of a table, for every viewer, at every door", () => {
  for (const visibility of VISIBILITIES)
    it(`a ${visibility} table`, async () => {
      const tag = `tv-${visibility}`;
      const { id, host, member } = await tableOf(tag, visibility);
      const who = await viewers(tag, host, member);
      for (const [kind, viewer] of Object.entries(who) as [Viewer, Who][]) {
        const reads = READS[visibility][kind];
        const say = `${kind} reading a ${visibility} table`;
        // The action, the page and every door.
        const state = await tableState(db.prisma, viewer, { tableId: id }, T0);
        expect(state.ok ? "reads" : state.code, say).toBe(reads ? "reads" : "not_found");
        const rest = await api(db.prisma, viewer, { clock })("GET", `/api/tables/${id}`);
        expect(rest.status, say).toBe(reads ? 200 : 404);
        const record = await api(db.prisma, viewer, { clock })("GET", `/api/tables/${id}/record`);
        expect(record.status, say).toBe(reads ? 409 : 404); // not revealed yet: a conflict, for readers only
        const trpc = await createCaller({ db: db.prisma, who: viewer, clock })
          .tables.state({ tableId: id })
          .then(
            () => "reads",
            (e: { code: string }) => e.code,
          );
        expect(trpc, say).toBe(reads ? "reads" : "NOT_FOUND");
        const mcp = await mcpClient(db.prisma, viewer, clock);
        const tool = await callTool(mcp, "table_state", { table_id: id });
        await mcp.close();
        expect(tool.isError ? tool.text.split(":")[0] : "reads", say).toBe(reads ? "reads" : "not_found");
        // The lists.
        const listed = await listTables(db.prisma, viewer, T0);
        expect(listed.ok && listed.value.tables.some((t) => t.id === id), say).toBe(reads);
        // A non-member's act on an invited table is as if there were no table (never forbidden).
        if (!reads && viewer.kind !== "anon") {
          const acted = await api(db.prisma, viewer, { clock })("POST", `/api/tables/${id}/pass`, {});
          expect(acted.status, say).toBe(404);
          expect(await joinTable(db.prisma, viewer, { tableId: id }, T0)).toMatchObject({
            ok: false,
            code: "not_found",
          });
        }
        // The live feed: the table's own topic and the lobby's events about it.
        const events = await eventsOf(`table:${id}`, id, "tableId");
        expect(events.length).toBeGreaterThan(3);
        const hear = eventAudience(db.prisma, viewer);
        const heard = (await Promise.all(events.map(hear))).filter(Boolean);
        expect(heard.length, say).toBe(reads ? events.length : 0);
        // Redaction still applies on top: an admin or the owner's agent reads no charge.
        if (reads && state.ok && (kind === "admin" || kind === "owner's agent"))
          expect(state.value.game?.charge, say).toBeNull();
      }
      expect(await tableRecord(db.prisma, member, { tableId: id }, T0)).toMatchObject({
        ok: false,
        code: "conflict",
      });
    });

  it("a burst of watchers meeting one event reads the table once, and an access change reads it again", async () => {
    const { id, host } = await tableOf("tv-burst", "public");
    let reads = 0;
    // The Prisma client, counting the statements that read a table (its one LOAD statement).
    const counted = new Proxy(db.prisma, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (key !== "$queryRaw" || typeof v !== "function") return v;
        return (...args: unknown[]) => {
          if (
            String((args[0] as { strings?: string[] })?.strings?.join("") ?? args[0]).includes(
              'JOIN "GameTable" t ON t.id = r.id',
            )
          )
            reads++;
          return v.apply(target, args);
        };
      },
    });
    const [first] = await eventsOf(`table:${id}`, id, "tableId");
    const watchers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => makeUser(db, `tv-burst-${i}`)),
    ).then((ws) => ws.map((w) => eventAudience(counted, w)));
    const heard = await Promise.all(watchers.map((hear) => hear(first!)));
    expect(heard.every((e) => e !== null)).toBe(true);
    expect(reads).toBe(1);
    // The host makes it invited. A newcomer who meets the change first must not be answered by the read from
    // before it (which said public): it reads afresh, and hears nothing.
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toMatchObject({
      ok: true,
    });
    const changed = (await eventsOf(`table:${id}`, id, "tableId")).find(
      (e) => e.type === "table.visibility",
    )!;
    const late = eventAudience(counted, await makeUser(db, "tv-burst-late"));
    expect(await late(changed)).toBeNull();
    expect(reads).toBe(2);
    // Every watcher asks again on the change, and that one read (made after it) answers them all: nothing more.
    const after = await Promise.all(watchers.map((hear) => hear(changed)));
    expect(after.every((e) => e === null)).toBe(true);
    expect(reads).toBe(2);
  });

  it("the host changes it, and the live feed follows at once; nobody else may", async () => {
    const { id, host, member } = await tableOf("tv-change", "public");
    const stranger = await makeUser(db, "tv-change-stranger");
    const hear = eventAudience(db.prisma, stranger);
    const first = (await eventsOf(`table:${id}`, id, "tableId"))[0]!;
    expect(await hear(first)).not.toBeNull();
    expect(await setTableVisibility(db.prisma, member, { tableId: id, visibility: "invited" })).toMatchObject(
      {
        ok: false,
        code: "forbidden",
      },
    );
    expect(
      await setTableVisibility(db.prisma, stranger, { tableId: id, visibility: "invited" }),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toMatchObject({
      ok: true,
    });
    const changed = (await eventsOf(`table:${id}`, id, "tableId")).find(
      (e) => e.type === "table.visibility",
    )!;
    expect(await hear(changed)).toBeNull();
    expect(await hear(first)).toBeNull();
    expect(await tableState(db.prisma, stranger, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // Once invited, the stranger cannot even be told it exists by changing it back.
    expect(
      await setTableVisibility(db.prisma, stranger, { tableId: id, visibility: "public" }),
    ).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });
});

describe("visibility of a round table, for every viewer, at every door", () => {
  for (const visibility of VISIBILITIES)
    it(`a ${visibility} round table`, async () => {
      const tag = `cv-${visibility}`;
      const fac = await makeUser(db, `${tag}-fac`);
      const member = await makeUser(db, `${tag}-member`);
      const r = await convene(
        db.prisma,
        fac,
        councilTable([personSeat("finance", member.name), modelSeat("brand"), modelSeat("legal")], {
          visibility,
        }),
        T0,
      );
      if (!r.ok) throw new Error(r.message);
      const id = r.value.id;
      expect(await answerInvitation(db.prisma, member, { kind: "council", id }, true, T0)).toMatchObject({
        ok: true,
      });
      const who = await viewers(tag, fac, member);
      for (const [kind, viewer] of Object.entries(who) as [Viewer, Who][]) {
        const reads = READS[visibility][kind];
        const say = `${kind} reading a ${visibility} round table`;
        const state = await councilState(db.prisma, viewer, { id }, T0);
        expect(state.ok ? "reads" : state.code, say).toBe(reads ? "reads" : "not_found");
        for (const path of [
          `/api/councils/${id}`,
          `/api/councils/${id}/minutes`,
          `/api/councils/${id}/state.json`,
        ])
          expect((await api(db.prisma, viewer, { clock })("GET", path)).status, `${say}: ${path}`).toBe(
            reads ? 200 : 404,
          );
        const minutes = await councilMinutes(db.prisma, viewer, { id }, T0);
        expect(minutes.ok, say).toBe(reads);
        const exported = await exportState(db.prisma, viewer, { id }, T0);
        expect(exported.ok, say).toBe(reads);
        const trpc = await createCaller({ db: db.prisma, who: viewer, clock })
          .councils.minutes({ councilId: id })
          .then(
            () => "reads",
            (e: { code: string }) => e.code,
          );
        expect(trpc, say).toBe(reads ? "reads" : "NOT_FOUND");
        const mcp = await mcpClient(db.prisma, viewer, clock);
        const tool = await callTool(mcp, "council_state", { council_id: id });
        await mcp.close();
        expect(tool.isError ? tool.text.split(":")[0] : "reads", say).toBe(reads ? "reads" : "not_found");
        const listed = await listCouncils(db.prisma, viewer, T0);
        expect(listed.ok && listed.value.councils.some((c) => c.id === id), say).toBe(reads);
        if (!reads && viewer.kind !== "anon") {
          const answered = await api(db.prisma, viewer, { clock })("POST", `/api/councils/${id}/answer`, {
            reply: "{}",
          });
          expect(answered.status, say).toBe(404);
        }
        const events = await eventsOf(`council:${id}`, id, "councilId");
        expect(events.length).toBeGreaterThan(2);
        const heard = (await Promise.all(events.map(eventAudience(db.prisma, viewer)))).filter(Boolean);
        expect(heard.length, say).toBe(reads ? events.length : 0);
        // An open round stays sealed for an admin as for anyone without the seat.
        if (reads && state.ok && kind === "admin") expect(state.value.yourRound).toBeNull();
      }
    });

  it("a Round Table is invited unless its facilitator says otherwise", async () => {
    const fac = await makeUser(db, "cv-default");
    const r = await convene(
      db.prisma,
      fac,
      { ...councilTable([modelSeat("a"), modelSeat("b"), modelSeat("c")]), visibility: undefined },
      T0,
    );
    const id = r.ok ? r.value.id : 0;
    expect(await councilState(db.prisma, ANON, { id }, T0)).toMatchObject({ ok: false, code: "not_found" });
    expect(await councilState(db.prisma, fac, { id }, T0)).toMatchObject({
      ok: true,
      value: { visibility: "invited" },
    });
    const t = await openTable(db.prisma, fac, { title: "default table" });
    expect(await tableState(db.prisma, ANON, { tableId: t.ok ? t.value.id : 0 }, T0)).toMatchObject({
      ok: true,
      value: { visibility: "public" },
    });
  });
});

describe("consent at a round table", () => {
  it("a person named as a wearer is asked, not seated: round 1 waits; a decline frees the seat; the facilitator replaces it", async () => {
    const fac = await makeUser(db, "cc-fac");
    const pat = await makeUser(db, "cc-pat");
    const ann = await makeUser(db, "cc-ann");
    const r = await convene(
      db.prisma,
      fac,
      councilTable([personSeat("finance", pat.name), personSeat("legal", ann.name), modelSeat("brand")]),
      T0,
    );
    const id = r.ok ? r.value.id : 0;
    const before = await councilState(db.prisma, pat, { id }, T0);
    expect(before).toMatchObject({
      ok: true,
      value: { phase: { kind: "consent", waiting: ["finance", "legal"] }, rounds: [], yourRound: null },
    });
    expect(before.ok && before.value.seats[0]).toMatchObject({
      consent: "invited",
      wornBy: "cc-pat (invited)",
    });
    expect(before.ok && before.value.invitations).toEqual([{ seat: "finance", agentId: null }]);
    const waiting = await listInvitations(db.prisma, pat);
    expect(waiting.ok && waiting.value.invitations).toEqual([
      expect.objectContaining({ kind: "council", id, seat: "finance", from: "cc-fac", agent: null }),
    ]);
    // pat's yes is not ann's: round 1 still waits.
    expect(await answerInvitation(db.prisma, pat, { kind: "council", id }, true, T0)).toMatchObject({
      ok: true,
    });
    expect(await councilState(db.prisma, pat, { id }, T0)).toMatchObject({
      ok: true,
      value: { phase: { kind: "consent", waiting: ["legal"] } },
    });
    // ann says no over MCP: the seat is freed, and shows it.
    const mcp = await mcpClient(db.prisma, ann, clock);
    const declined = await callTool(mcp, "decline_invitation", { kind: "council", id });
    await mcp.close();
    expect(declined).toMatchObject({ isError: false, json: { accepted: false, seat: "legal" } });
    const after = await councilState(db.prisma, fac, { id }, T0);
    expect(after.ok && after.value.seats[1]).toMatchObject({
      consent: "declined",
      wornBy: "cc-ann (declined)",
    });
    expect(after.ok && after.value.phase).toEqual({ kind: "consent", waiting: ["legal"] });
    // ann is no longer a member; declining twice finds nothing.
    expect(await answerInvitation(db.prisma, ann, { kind: "council", id }, true, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // Only the facilitator replaces a seat, and only one nobody has said yes to.
    const replace = (who: Who, seat: string) =>
      api(db.prisma, who, { clock })("POST", `/api/councils/${id}/seats/replace`, {
        seat,
        wearer: "model",
        provider: "scripted",
      });
    expect((await replace(pat, "legal")).status).toBe(403);
    expect((await replace(fac, "finance")).status).toBe(409);
    expect(await replace(fac, "legal")).toMatchObject({
      status: 200,
      body: { seat: "legal", consent: null },
    });
    expect(await councilState(db.prisma, pat, { id }, T0)).toMatchObject({
      ok: true,
      value: { phase: { kind: "round", round: 1 }, yourRound: { round: 1 } },
    });
  });

  it("someone else's agent is invited and its owner answers for it; the facilitator's own agent sits at once", async () => {
    const fac = await makeUser(db, "ca-fac");
    const own = await agentOf(db, fac, "ca-own");
    const other = await makeUser(db, "ca-other");
    const theirs = await agentOf(db, other, "ca-theirs");
    const r = await convene(
      db.prisma,
      fac,
      councilTable([
        agentSeat("mine", own.who.agentId),
        agentSeat("theirs", theirs.who.agentId),
        modelSeat("m"),
      ]),
      T0,
    );
    const id = r.ok ? r.value.id : 0;
    const s = await councilState(db.prisma, fac, { id }, T0);
    expect(s.ok && s.value.seats.map((x) => x.consent)).toEqual([null, "invited", null]);
    // Until it accepts, the seat shows the id the facilitator gave, never the agent's own name.
    expect(s.ok && s.value.seats[1]!.wornBy).toBe(`agent #${theirs.who.agentId} (invited)`);
    const listed = await listInvitations(db.prisma, other);
    expect(listed.ok && listed.value.invitations[0]).toMatchObject({
      kind: "council",
      id,
      agent: { id: theirs.who.agentId, name: "ca-theirs" },
    });
    expect(
      await answerInvitation(
        db.prisma,
        other,
        { kind: "council", id, agentId: theirs.who.agentId },
        true,
        T0,
      ),
    ).toMatchObject({ ok: true, value: { seat: "theirs", accepted: true } });
    expect(await councilState(db.prisma, theirs.who, { id }, T0)).toMatchObject({
      ok: true,
      value: { phase: { kind: "round", round: 1 }, yourRound: { round: 1 } },
    });
  });

  it("an invitation says nothing of whether an account or an agent exists", async () => {
    const fac = await makeUser(db, "cx-fac");
    const real = await makeUser(db, "cx-real");
    const realAgent = await agentOf(db, real, "cx-real-agent");
    const answers = [];
    for (const seats of [
      [personSeat("a", real.name), agentSeat("b", realAgent.who.agentId)],
      [personSeat("a", "cx-nobody"), agentSeat("b", 987_654)],
    ]) {
      const r = await convene(db.prisma, fac, councilTable([...seats, modelSeat("c")]), T0);
      expect(r.ok).toBe(true);
      const s = await councilState(db.prisma, fac, { id: r.ok ? r.value.id : 0 }, T0);
      answers.push(s.ok && s.value.seats.map((x) => [x.consent, x.wornBy.replace(/\d+|cx-\w+/g, "…")]));
    }
    expect(answers[0]).toEqual(answers[1]);
  });
});

describe("invitations at a table, invite links, one identity per person", () => {
  it("an invited seat holds its place; the table does not start until it is answered; a decline frees it", async () => {
    const host = await makeUser(db, "ti-host");
    const pat = await makeUser(db, "ti-pat");
    const t = await openTable(db.prisma, host, {
      title: "Invited seats",
      seats_max: 4,
      visibility: "invited",
    });
    const id = t.ok ? t.value.id : 0;
    const invited = await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/invite`, {
      person: pat.name,
    });
    expect(invited).toMatchObject({ status: 201, body: { seat: 1, status: "invited", invitee: "ti-pat" } });
    // A name nobody has is answered the same way.
    const nobody = await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/invite`, {
      person: "ti-nobody",
    });
    expect(nobody).toMatchObject({ status: 201, body: { seat: 2, status: "invited", invitee: "ti-nobody" } });
    expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({
      ok: true,
      value: { seated: 1 },
    });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringContaining("2 seats are still invited"),
    });
    const seen = await tableState(db.prisma, pat, { tableId: id }, T0);
    expect(seen.ok && seen.value).toMatchObject({ yourSeat: null, invitations: [{ seat: 1 }] });
    expect(seen.ok && seen.value.seats.map((s) => s.status)).toEqual([
      "taken",
      "invited",
      "invited",
      "taken",
    ]);
    const trpc = createCaller({ db: db.prisma, who: pat, clock });
    expect(await trpc.invitations.decline({ kind: "table", id })).toMatchObject({ accepted: false });
    // Declining frees the seat, and pat is no longer a member of the invited table.
    expect(await tableState(db.prisma, pat, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    const after = await tableState(db.prisma, host, { tableId: id }, T0);
    expect(after.ok && after.value.seats.map((s) => s.name)).toEqual(["ti-host", "ti-nobody", "Bosun"]);
    expect(
      await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/withdraw`, { seat: 1 }),
    ).toMatchObject({ status: 200 });
    expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({
      ok: true,
      value: { seated: 2 },
    });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  });

  it("a person may not sit both themselves and their own agent at one table", async () => {
    const host = await makeUser(db, "ti1-host");
    const pat = await makeUser(db, "ti1-pat");
    const patsAgent = await agentOf(db, pat, "ti1-agent");
    const t = await openTable(db.prisma, host, { title: "One identity", seats_max: 5 });
    const id = t.ok ? t.value.id : 0;
    expect(await joinTable(db.prisma, pat, { tableId: id }, T0)).toMatchObject({ ok: true });
    const mcp = await mcpClient(db.prisma, patsAgent.who, clock);
    const joined = await callTool(mcp, "join_table", { table_id: id });
    await mcp.close();
    expect(joined).toMatchObject({ isError: true, text: expect.stringContaining("one identity per person") });
    // Nor through an invitation: the host invites the agent, and pat's yes on its behalf is refused.
    await inviteToTable(db.prisma, host, { tableId: id, body: { agent: patsAgent.who.agentId } }, T0);
    expect(
      await answerInvitation(db.prisma, pat, { kind: "table", id, agentId: patsAgent.who.agentId }, true, T0),
    ).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringContaining("one identity per person"),
    });
    // Nor the host's own agent.
    expect(
      await inviteToTable(
        db.prisma,
        host,
        { tableId: id, body: { agent: (await agentOf(db, host, "ti1-h")).who.agentId } },
        T0,
      ),
    ).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });

  it("a link lets a signed-in holder in as a member; a revoked or expired link does not", async () => {
    const host = await makeUser(db, "tl-host");
    const pat = await makeUser(db, "tl-pat");
    const sam = await makeUser(db, "tl-sam");
    const kim = await makeUser(db, "tl-kim");
    const t = await openTable(db.prisma, host, { title: "By link", seats_max: 4, visibility: "invited" });
    const id = t.ok ? t.value.id : 0;
    expect(await createLink(db.prisma, pat, "table", { id, body: {} }, T0)).toMatchObject({
      code: "not_found",
    });
    const link = await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/links`, {});
    expect(link).toMatchObject({
      status: 201,
      body: { token: expect.stringMatching(/^inv_/), revoked_at: null },
    });
    expect(await tableState(db.prisma, pat, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await redeemLink(db.prisma, ANON, { token: link.body.token }, T0)).toMatchObject({
      code: "signin_required",
    });
    expect(
      await api(db.prisma, pat, { clock })("POST", "/api/invitations/redeem", { token: link.body.token }),
    ).toMatchObject({ status: 200, body: { kind: "table", id } });
    expect(await tableState(db.prisma, pat, { tableId: id }, T0)).toMatchObject({ ok: true });
    expect(await joinTable(db.prisma, pat, { tableId: id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 1 },
    });
    // Revoked: it stops working at once (pat stays a member).
    expect(
      await api(db.prisma, host, { clock })("POST", `/api/tables/${id}/links/${link.body.id}/revoke`, {}),
    ).toMatchObject({ status: 200, body: { revoked_at: expect.any(String) } });
    const dead = await redeemLink(db.prisma, sam, { token: link.body.token }, T0);
    expect(dead).toMatchObject({ ok: false, code: "not_found" });
    expect(await tableState(db.prisma, sam, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // Expired: it works until its moment, not at or after it.
    const brief = await createLink(db.prisma, host, "table", { id, body: { expiresInMs: 60_000 } }, T0);
    const token = brief.ok ? brief.value.token : "";
    expect(await redeemLink(db.prisma, kim, { token }, T0 + 60_000)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await redeemLink(db.prisma, kim, { token }, T0 + 59_000)).toMatchObject({ ok: true });
    // A token nobody made says the same as a revoked one.
    expect((await redeemLink(db.prisma, sam, { token: "inv_nope" }, T0)).ok || dead).toEqual(
      await redeemLink(db.prisma, sam, { token: "inv_nope" }, T0),
    );
    expect(
      await revokeLink(db.prisma, pat, "table", { id, linkId: brief.ok ? brief.value.id : 0 }, T0),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
  });

  it("a link joins an invited round table too", async () => {
    const fac = await makeUser(db, "cl-fac");
    const pat = await makeUser(db, "cl-pat");
    const r = await convene(
      db.prisma,
      fac,
      { ...councilTable([modelSeat("a"), modelSeat("b"), modelSeat("c")]), visibility: "invited" },
      T0,
    );
    const id = r.ok ? r.value.id : 0;
    const link = await createLink(db.prisma, fac, "council", { id, body: {} }, T0);
    expect(await councilState(db.prisma, pat, { id }, T0)).toMatchObject({ ok: false, code: "not_found" });
    expect(await redeemLink(db.prisma, pat, { token: link.ok ? link.value.path : "" }, T0)).toMatchObject({
      ok: true,
      value: { kind: "council", id },
    });
    expect(await councilState(db.prisma, pat, { id }, T0)).toMatchObject({ ok: true });
  });
});

const agentSeat = (name: string, agent: number) => ({
  name,
  soul: `The ${name} persona file.`,
  source: "uploaded" as const,
  wearer: "agent" as const,
  agent,
});
