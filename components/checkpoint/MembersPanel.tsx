"use client";
// The plan's members: who holds which role and since when, who is invited and has not answered, what each role may
// do, the record of every change; for the owner, a form to give (to another person: invite) and take roles and one
// to change who reads the plan and the approval gate's terms.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import type { PlanView } from "@/server/actions/checkpoint";
import { useTRPC } from "@/components/ui/trpc";
import { When } from "@/components/ui/When";
import { messageOf, usePlanRefresh } from "./usePlan";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { TableHead } from "@/components/ui/TableHead";
import { bound, boundNumber } from "@/components/ui/bound";
import { Options } from "@/components/ui/Options";

type Role = PlanView["members"]["log"][number]["role"];
type Visibility = PlanView["plan"]["visibility"];

const ASSIGNABLE: Role[] = ["approver", "authority", "resources", "operator", "viewer"];
const HOUR = 3_600_000;

const ROLE_WHY = "Name the person (account name) or the agent (its id) first.";
export function MembersPanel({ view }: { view: PlanView }) {
  const m = view.members;
  return (
    <section className="card space-y-3 p-4 text-sm" data-testid="members">
      <h2 className="font-semibold">
        Members{" "}
        <span className="badge ml-1 bg-stone-100 text-stone-700" data-testid="plan-visibility">
          {view.plan.visibility.replace("_", " ")}
        </span>
      </h2>
      <p className="text-xs text-stone-600">
        {m.visibilities.find((v) => v.visibility === view.plan.visibility)?.reads}.
      </p>
      <table className="w-full text-left text-sm">
        <TableHead
          className="text-xs uppercase text-stone-500"
          cell="py-1"
          columns={["Role", "Who", "Since"]}
        />
        <tbody>
          {m.members.map((x) => (
            <MemberRow key={`${x.role}:${x.kind}:${x.name}`} x={x} roles={m.roles} testId="member">
              <td className="py-1">
                <strong>{x.name}</strong>
                {x.kind === "agent" ? <span className="text-stone-500"> (agent of {x.owner})</span> : null}
              </td>
              <td className="py-1 text-xs text-stone-500">
                <When at={x.since} mode="ago" />
                {x.role === "owner" ? null : <> · by {x.by}</>}
              </td>
            </MemberRow>
          ))}
          {m.invited.map((x) => (
            <MemberRow
              key={`invited:${x.role}:${x.kind}:${x.name}`}
              x={x}
              roles={m.roles}
              testId="invited-member"
              className="text-stone-600"
            >
              <td className="py-1">
                <strong>{x.name}</strong>{" "}
                <span className="badge bg-amber-100 text-amber-900">invited — waiting for an answer</span>
              </td>
              <td className="py-1 text-xs text-stone-500">
                asked <When at={x.since} mode="ago" /> · by {x.by}
              </td>
            </MemberRow>
          ))}
        </tbody>
      </table>
      {m.invited.length > 0 ? (
        <p className="text-xs text-stone-600">
          An invited role counts for nothing until its invitee accepts it (on their invitations page).
        </p>
      ) : null}
      <details className="text-xs text-stone-600">
        <summary className="cursor-pointer">What each role may do</summary>
        <ul className="mt-1 space-y-0.5">
          {m.roles.map((r) => (
            <li key={r.role}>
              <strong>{r.role}</strong>: {r.may}
            </li>
          ))}
        </ul>
      </details>
      {view.may.manage === true ? <ManageForms view={view} /> : null}
      {m.log.length + m.settings.length > 0 ? (
        <details className="text-xs text-stone-600" data-testid="role-log">
          <summary className="cursor-pointer">Every change ({m.log.length + m.settings.length})</summary>
          <ul className="mt-1 space-y-0.5">
            {m.log.map((c, i) => (
              <li key={`r${i}`}>
                <When at={c.at} mode="ago" />: <RoleChangeText change={c} />
              </li>
            ))}
            {m.settings.map((c, i) => (
              <li key={`s${i}`}>
                <When at={c.at} mode="ago" />: {c.by} changed {c.field} from {c.before ?? "none"} to{" "}
                {c.after ?? "none"}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** One row of the role log in words: "olga invited ana to be approver", "ana accepted approver". */
function RoleChangeText({ change: c }: { change: PlanView["members"]["log"][number] }) {
  const who = (
    <>
      <strong>{c.name}</strong>
      {c.kind === "agent" ? ` (agent of ${c.owner})` : ""}
    </>
  );
  switch (c.action) {
    case "invite":
      return (
        <>
          {c.by} invited {who} to be {c.role}
        </>
      );
    case "accept":
      return (
        <>
          {who} accepted {c.role}
        </>
      );
    case "decline":
      return (
        <>
          {who} declined {c.role}
        </>
      );
    case "assign":
      return (
        <>
          {c.by} gave {c.role} to {who}
        </>
      );
    default:
      return (
        <>
          {c.by} took {c.role} from {who}
        </>
      );
  }
}

function ManageForms({ view }: { view: PlanView }) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  const [role, setRole] = useState<Role>("approver");
  const [who, setWho] = useState("");
  const [asAgent, setAsAgent] = useState(false);
  const [visibility, setVisibility] = useState<Visibility>(view.plan.visibility);
  const [approvers, setApprovers] = useState(view.plan.requiredApprovers);
  const [ttlHours, setTtlHours] = useState(
    view.plan.approvalTtlMs === null ? "" : String(view.plan.approvalTtlMs / HOUR),
  );
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const onError = (e: unknown) => setNote({ ok: false, text: messageOf(e) });
  const said = (text: string) => {
    setNote({ ok: true, text });
    void refresh();
  };
  const assign = useMutation(
    trpc.plans.assignRole.mutationOptions({
      onSuccess: (r) => said(r.message),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.plans.removeRole.mutationOptions({
      onSuccess: (r) => said(r.message),
      onError,
    }),
  );
  const settings = useMutation(
    trpc.plans.settings.mutationOptions({
      onSuccess: (r) => said(`Changed: ${r.changed.join(", ")}.`),
      onError,
    }),
  );
  const target = () => (asAgent ? { agent: Number(who.trim()) } : { person: who.trim() });
  function submitRole(e: FormEvent, action: "assign" | "remove") {
    e.preventDefault();
    const input = { planId: view.plan.id, role, ...target() };
    if (action === "assign") assign.mutate(input);
    else remove.mutate(input);
  }
  function submitSettings(e: FormEvent) {
    e.preventDefault();
    const hours = ttlHours.trim();
    settings.mutate({
      planId: view.plan.id,
      visibility,
      requiredApprovers: approvers,
      approvalTtlMs: hours === "" ? null : Math.round(Number(hours) * HOUR),
    });
  }
  const busy = assign.isPending || remove.isPending || settings.isPending;
  return (
    <div className="space-y-3 border-t border-stone-200 pt-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => submitRole(e, "assign")}
        data-testid="role-form"
      >
        <label className="text-xs">
          <span className="label">Role</span>
          <select className="field" {...bound(role, setRole)} data-testid="role-select">
            <Options values={ASSIGNABLE} />
          </select>
        </label>
        <label className="text-xs">
          <span className="label">{asAgent ? "Agent id" : "Account name"}</span>
          <input
            className="field"
            {...bound(who, setWho)}
            placeholder={asAgent ? "e.g. 17" : "e.g. ana"}
            data-testid="role-who"
          />
        </label>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={asAgent} onChange={(e) => setAsAgent(e.target.checked)} />
          an agent (operator only)
        </label>
        <button
          className="btn"
          disabled={busy || !who.trim()}
          {...describedBy("role-why", who.trim() ? null : ROLE_WHY)}
          data-testid="role-assign"
        >
          Give the role
        </button>
        <button
          type="button"
          className="btn-quiet"
          disabled={busy || !who.trim()}
          onClick={(e) => submitRole(e, "remove")}
          {...describedBy("role-why", who.trim() ? null : ROLE_WHY)}
          data-testid="role-remove"
        >
          Take it back
        </button>
        <WhyNot id="role-why" why={who.trim() ? null : ROLE_WHY} />
      </form>
      <p className="text-xs text-stone-600">
        Another person, or another person&apos;s agent, is invited and holds the role once they (or the
        agent&apos;s owner) accept; you and your own agents hold it at once.
      </p>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submitSettings} data-testid="settings-form">
        <label className="text-xs">
          <span className="label">Who reads it</span>
          <select className="field" {...bound(visibility, setVisibility)} data-testid="visibility-select">
            {view.members.visibilities.map((v) => (
              <option key={v.visibility} value={v.visibility} title={v.reads}>
                {v.visibility.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs">
          <span className="label">Approvers per gated wave</span>
          <input
            type="number"
            min={1}
            max={9}
            className="field w-20"
            {...boundNumber(approvers, setApprovers)}
          />
        </label>
        <label className="text-xs">
          <span className="label">An approval counts for (hours; empty: no expiry)</span>
          <input
            className="field w-28"
            inputMode="decimal"
            {...bound(ttlHours, setTtlHours)}
            data-testid="ttl-hours"
          />
        </label>
        <button className="btn-quiet" disabled={busy} data-testid="settings-save">
          Save the settings
        </button>
      </form>
      {note ? (
        <p
          className={`text-sm ${note.ok ? "text-emerald-800" : "text-red-700"}`}
          role={note.ok ? "status" : "alert"}
        >
          {note.text}
        </p>
      ) : null}
    </div>
  );
}

/** A member's row, or an invitee's: its role (what the role may do on hover), then what the caller draws. */
function MemberRow({
  x,
  roles,
  testId,
  className,
  children,
}: {
  x: { role: string; name: string };
  roles: { role: string; may: string }[];
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <tr
      className={className ? `border-t border-stone-100 ${className}` : "border-t border-stone-100"}
      data-testid={testId}
      data-role={x.role}
      data-name={x.name}
    >
      <td className="py-1" title={roles.find((r) => r.role === x.role)?.may}>
        {x.role}
      </td>
      {children}
    </tr>
  );
}
