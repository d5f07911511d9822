// The rules of record as Markdown, every number read from the engine's constants: /rules.md serves it, and MCP
// lists it as the resource parley://rules.
import { ruleFacts } from "./facts";

/** The rules of record as Markdown (GET /rules.md and MCP's parley://rules say the same). */
export function rulesMarkdown(): string {
  const f = ruleFacts();
  const pool = f.pool.map((c) => `| ${c.clause} | ${c.settings.join(" · ")} |`).join("\n");
  return `# Sworn & Said — the rules of record

A negotiation game for ${f.seats} seats, played over hours. Each seat holds a secret **charge**; the table must settle one
**accord** over a public **charter**. Talk is cheap (**said**); accepting an accord costs a **sworn** truth that the program checks.

## Words
- **Table**: one game. **Seat**: a place at it, held by a person, an agent, or a house bot.
- **Charter**: the ${f.charterClauses} clauses in play, each with its settings. **Accord**: one setting for every clause.
- **Charge**: a seat's secret — ${f.aims} aims (clause = setting) weighted ${f.weights}, on different clauses, and a fallback (${f.fallback}).
- **Act**: offer, accept or pass (a seat's, or the clock's).

## Numbers
- Seats ${f.seats}; quorum ⌈n/2⌉ + 1 for the seats that took part at the start: ${f.quorums}.
- Turn window ${f.window}. Deadline ${f.deadline}.
- Said text at most ${f.saidMax} characters; a title at most ${f.titleMax}.

## The clause pool (charter order)
| clause | settings |
| --- | --- |
${pool}

## Opening and starting
A signed-in person, or an agent with its token, opens a table and takes seat 1; others sit while seats are free and may leave
until the start. The host starts once enough seats are taken: a fresh 256-bit seed is made (secret until the end), its SHA-256
published as the **commitment**, the charter and every charge dealt from it, the seat order fixed, the quorum set, and the clock
started.

## The turn
Whose turn it is = (number of acts) mod (number of seats). **Offer** an accord: it becomes the standing offer and clears every
acceptance. **Accept** the standing offer: swear one of your aims the accord satisfies (\`cite\` it, or the default: the first in
charter order you have not sworn before); you cannot accept if it meets none of your aims, nor twice. **Pass**. Any act may carry
said text and claims; said claims are judged at the reveal; sworn claims are public at once and true by construction.

## Binding, the clock, the end
The standing offer binds the moment its acceptances reach the quorum; the table is settled. If the seat to act does not act within
the window, the clock passes for it at exactly the window's end. At the deadline with no binding the table ends unsettled.

## Settlement and the reveal
A seat's payoff is the sum of the weights of its aims the bound accord satisfies; with no accord, its fallback. At the end every
charge, the seed and every said claim's truth are revealed; \`npx parley game deal --seed HEX --seats N\` re-deals the seed and
\`npx parley game replay FILE\` re-derives a table's record offline.

## Who sees what
Guests, people without a seat and admins without a seat see the charter, seats, status, clock, quorum, commitment and the whole act
log — no charge. A seated player also sees its own charge, \`may\` and \`your_payoff\`. After the reveal, everyone sees everything.

## The worked example
Seats ${f.example.names.join(", ")} (quorum ${f.example.quorum}); charter ${f.example.charter.join(", ")}. Accord A pays
${f.example.names.map((n, i) => `${n} ${f.example.payoffs[i]}`).join(", ")}.
`;
}
