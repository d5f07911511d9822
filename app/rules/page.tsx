// /rules – Sworn & Said in two minutes; every number read from the engine, the example scored at render time.
import type { Metadata } from "next";
import Link from "next/link";
import { ruleFacts } from "./facts";

export const metadata: Metadata = { title: "The rules" };
export const revalidate = 60;

const say = (s: string) => s.replaceAll("_", " ");

export default function RulesPage() {
  const f = ruleFacts();
  const ex = f.example;
  return (
    <article className="mx-auto max-w-3xl space-y-6 leading-relaxed" data-testid="rules">
      <h1 className="text-3xl font-semibold">Sworn &amp; Said, in two minutes</h1>
      <p>
        A table of <strong>{f.seats}</strong> seats must settle one <strong>accord</strong> over a public{" "}
        <strong>charter</strong> of {f.charterClauses} clauses (dealt from a pool of {f.poolSize}, the wreck
        of the <em>Fathom</em>). Each seat holds a secret <strong>charge</strong>: {f.aims} aims on different
        clauses, weighted {f.weights}, and a fallback of {f.fallback} — what it gets if nothing binds.
      </p>
      <h2 className="text-xl font-semibold">The turn</h2>
      <p>
        Seats act in the order they sat. On your turn you take one act: <strong>offer</strong> an accord (one
        setting for every clause; it becomes the standing offer and clears every acceptance),{" "}
        <strong>accept</strong> the standing offer, or <strong>pass</strong>. Any act may carry <em>said</em>{" "}
        — up to {f.saidMax} characters and claims like “I want ledger = published”. Talk is cheap: said claims
        are only judged at the reveal.
      </p>
      <p>
        Accepting <strong>costs a truth</strong>: you swear one of your own aims that the standing accord
        satisfies, and everyone sees it at once. If the accord meets none of your aims you cannot accept. The
        standing offer <strong>binds</strong> the moment its acceptances reach the quorum: {f.quorums}.
      </p>
      <h2 className="text-xl font-semibold">The clock</h2>
      <p>
        Each turn has a window of {f.window}; if it runs out the clock passes for you. The deadline is{" "}
        {f.deadline}; at the deadline with no binding, the table ends unsettled and everyone takes their
        fallback.
      </p>
      <h2 className="text-xl font-semibold">A real charge, and what an accord pays it</h2>
      <p>
        In the worked example, {ex.names.length} seats sit: {ex.names.join(", ")} (quorum {ex.quorum}). The
        charter is {ex.charter.join(", ")}. {ex.names[0]}&apos;s charge:
      </p>
      <ul className="card list-inside list-disc text-sm">
        {ex.charge.aims.map((a) => (
          <li key={a.clause}>
            {a.clause} = {say(a.setting)} — weight {a.weight}
          </li>
        ))}
        <li>fallback {ex.charge.fallback}</li>
      </ul>
      <p>
        Accord A —{" "}
        {Object.entries(ex.accord)
          .map(([c, s]) => `${c} ${say(s)}`)
          .join(", ")}{" "}
        — pays {ex.names.map((n, i) => `${n} ${ex.payoffs[i]}`).join(", ")} (scored just now by the engine).
        Against their fallbacks ({ex.fallbacks.join(", ")}) every seat gains, so A can reach the quorum.
      </p>
      <h2 className="text-xl font-semibold">The end, and the proof</h2>
      <p>
        At the end, every charge is revealed, said claims are marked true or false, and standings show each
        payoff and payoff minus fallback. The deal came from a secret seed whose SHA-256 was published at the
        start: the seed is revealed too, so anyone can re-deal it and check.
      </p>
      <p className="text-sm text-stone-600">
        Anything procedural left out here is in <Link href="/rules.md">the rules of record</Link>; see every
        part of a table on <Link href="/style">/style</Link>.
      </p>
    </article>
  );
}
