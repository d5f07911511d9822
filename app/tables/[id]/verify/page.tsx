// /tables/:id/verify – after the reveal, the server re-deals from the seed and checks the published commitment.
import { wallClock } from "@/server/clock";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { verifyDeal } from "@/server/actions/game";
import { parseId } from "@/server/actions/input";
import { whoFromSession } from "@/server/auth";
import { getDb } from "@/server/db";

export const metadata: Metadata = { title: "Verify the deal" };
export const dynamic = "force-dynamic";

export default async function VerifyPage({ params }: { params: Promise<{ id: string }> }) {
  const tableId = parseId((await params).id);
  if (tableId === null) notFound();
  const r = await verifyDeal(await getDb(), await whoFromSession(), { tableId }, wallClock());
  if (!r.ok) notFound();
  const v = r.value;
  const back = <Link href={`/tables/${v.id}`}>Back to the table</Link>;
  if (!v.dealt)
    return (
      <div className="card space-y-2" data-testid="verify">
        <h1 className="text-xl font-semibold">Verify the deal</h1>
        <p>
          {v.reason === "laid by hand"
            ? "This table was laid by hand, not dealt from a seed: there is nothing to re-deal."
            : "The seed is revealed when the table settles or ends; come back then."}
        </p>
        {back}
      </div>
    );
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
      <h1 className="text-xl font-semibold">Verify the deal of “{v.title}”</h1>
      <p className="text-sm text-stone-600">
        At the start the server published the SHA-256 of a secret 256-bit seed; the charter and every charge
        were dealt from that seed. Now the seed is public, anyone can re-deal it — here, or offline with{" "}
        <code>
          npx parley game deal --seed {v.seed.slice(0, 8)}… --seats {v.seats}
        </code>
        .
      </p>
      <ul className="space-y-2 text-sm">
        {row(
          "Commitment",
          v.commitment.matches,
          `SHA-256(seed) = ${v.commitment.recomputed.slice(0, 24)}…, published ${v.commitment.published.slice(0, 24)}…`,
        )}
        {row("Charter", v.charter.matches, v.charter.redealt.join(", "))}
        {row("Charges", v.charges.matches, `${v.charges.redealt} seats re-dealt`)}
      </ul>
      {back}
    </div>
  );
}
