// Invitations at a table and invite links (shared/spec/access.md), on a real database: an invited seat holds its place
// until answered, one identity per person at a table, links for tables and round tables.
import { describe, expect, it } from "vitest";
import { createCaller } from "../doors/trpc";
import { ANON } from "../identity";
import { makeUser } from "../testing/db";
import { api, callTool, mcpClient } from "../testing/doors";
import { councilState, convene } from "./council";
import { agentOf, modelSeat, T0, table as councilTable } from "./council/testing";
import { fillWithBots, inviteToTable, joinTable, openTable, startTable, tableState } from "./game";
import { answerInvitation, createLink, redeemLink, revokeLink } from "./invitations";
import { clock, db, useAccessDatabase } from "../testing/access";

useAccessDatabase();

describe("invitations at a table, invite links, one identity per person", () => {
  it("an invited seat holds its place; the table does not start until it is answered; a decline frees it", async () => {
    const host = await makeUser(db, "ti-host");
    const pat = await makeUser(db, "ti-pat");
    const t = await openTable(db.prisma, host, {
      title: "Invited seats",
      seatsMax: 4,
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
    const t = await openTable(db.prisma, host, { title: "One identity", seatsMax: 5 });
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
    const t = await openTable(db.prisma, host, { title: "By link", seatsMax: 4, visibility: "invited" });
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
