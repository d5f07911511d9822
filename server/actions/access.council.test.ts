// Who may read a Round Table and who sits at one (shared/spec/access.md), on a real database: every visibility × every
// kind of viewer at every door, and consent: a person or someone else's agent is asked, not seated.
import { describe, expect, it } from "vitest";
import { createCaller } from "../doors/trpc";
import { ANON, type Who } from "../identity";
import { makeUser } from "../testing/db";
import { api, callTool, mcpClient } from "../testing/doors";
import { councilMinutes, councilState, convene, exportState, listCouncils } from "./council";
import { agentOf, modelSeat, personSeat, T0, table as councilTable } from "./council/testing";
import { openTable, tableState } from "./game";
import { answerInvitation, listInvitations } from "./invitations";
import { eventAudience } from "./live";
import {
  agentSeat,
  clock,
  db,
  eventsOf,
  READS,
  useAccessDatabase,
  viewers,
  VISIBILITIES,
  toolAnswer,
  trpcAnswer,
  type Viewer,
} from "../testing/access";

useAccessDatabase();

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
        const trpc = await trpcAnswer(
          createCaller({ db: db.prisma, who: viewer, clock }).councils.minutes({ councilId: id }),
        );
        expect(trpc, say).toBe(reads ? "reads" : "NOT_FOUND");
        const tool = await toolAnswer(viewer, "council_state", { council_id: id });
        expect(tool, say).toBe(reads ? "reads" : "not_found");
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
