// /tables/:id/verify – after the reveal, re-deal from the seed and check it against the published commitment.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { tableState } from "@/server/actions/game";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";
import { commitment, deal } from "@/server/rules/game";

export const metadata: Metadata = { title: "Verify the deal" };
export const dynamic = "force-dynamic";

export default async function VerifyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const r = await tableState(await getDb(), await whoFromSession(), { id });
  if (!r.ok) notFound();
  const t = r.value;
  const back = <Link href={`/tables/${t.id}`}>Back to the table</Link>;
  if (!t.seed || !t.game?.charges)
    return (
      <div className="card space-y-2">
        <h1 className="text-xl font-semibold">Verify the deal</h1>
        <p>
          The seed is revealed at settlement; this table has{" "}
          {t.seed === null && t.status !== "open" && t.game?.charges
            ? "no seed (it was laid by hand)"
            : "not been revealed yet"}
          .
        </p>
        {back}
      </div>
    );
  const recomputed = commitment(t.seed);
  const redealt = deal(t.seed, t.seats.length);
  const commitOk = recomputed === t.commitment;
  const charterOk = JSON.stringify(redealt.charter) === JSON.stringify(t.game.charter);
  const chargesOk = JSON.stringify(redealt.charges) === JSON.stringify(t.game.charges);
  const row = (label: string, ok: boolean, detail: string) => (
    <li className="flex gap-2">
      <span className={`badge ${ok ? "bg-emerald-100 text-emerald-800" : "bg-rose-100 text-rose-800"}`}>
        {ok ? "matches" : "differs"}
      </span>
      <span>
        <strong>{label}</strong> <span className="text-stone-600">{detail}</span>
      </span>
    </li>
  );
  return (
    <div className="card space-y-3" data-testid="verify">
      <h1 className="text-xl font-semibold">Verify the deal of “{t.title}”</h1>
      <p className="text-sm text-stone-600">
        At the start the server published the SHA-256 of a secret 256-bit seed; the charter and every charge
        were dealt from that seed. Now the seed is public, anyone can re-deal it — here, or offline with{" "}
        <code>
          npx parley game deal --seed {t.seed.slice(0, 8)}… --seats {t.seats.length}
        </code>
        .
      </p>
      <ul className="space-y-2 text-sm">
        {row(
          "Commitment",
          commitOk,
          `SHA-256(seed) = ${recomputed.slice(0, 24)}…, published ${t.commitment?.slice(0, 24)}…`,
        )}
        {row("Charter", charterOk, redealt.charter.join(", "))}
        {row("Charges", chargesOk, `${redealt.charges.length} seats re-dealt`)}
      </ul>
      {back}
    </div>
  );
}
