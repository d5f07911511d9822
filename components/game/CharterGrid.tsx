// The charter grid: clauses × settings; the standing offer highlighted; your aims marked (for you alone);
// in the offer form the same grid is where you pick one setting per clause.
import type { Accord, Charge } from "@/server/rules/game";
import { say } from "./words";

export function CharterGrid({
  charter,
  settings,
  standing,
  charge,
  picked,
  onPick,
}: {
  charter: string[];
  settings: Record<string, string[]>;
  standing?: Accord | null;
  charge?: Charge | null;
  picked?: Accord;
  onPick?: (clause: string, setting: string) => void;
}) {
  const aimOf = (clause: string, setting: string) =>
    charge?.aims.find((a) => a.clause === clause && a.setting === setting);
  return (
    <table className="w-full border-separate border-spacing-y-1 text-sm" data-testid="charter-grid">
      <tbody>
        {charter.map((clause) => (
          <tr key={clause}>
            <th className="w-24 pr-3 text-left font-medium capitalize text-stone-600">{clause}</th>
            <td className="flex flex-wrap gap-1">
              {(settings[clause] ?? []).map((setting) => {
                const inOffer = standing?.[clause] === setting;
                const isPicked = picked?.[clause] === setting;
                const aim = aimOf(clause, setting);
                const cls = [
                  "rounded-md border px-2 py-1 text-left",
                  inOffer
                    ? "border-teal-600 bg-teal-50 font-semibold text-teal-900"
                    : "border-stone-200 bg-white",
                  isPicked ? "ring-2 ring-brass" : "",
                  onPick ? "cursor-pointer hover:border-teal-400" : "",
                ].join(" ");
                const label = (
                  <>
                    {say(setting)}
                    {aim ? (
                      <span
                        className="ml-1 text-brass"
                        title={`your aim, weight ${aim.weight}`}
                        data-testid="aim-mark"
                      >
                        {"★".repeat(aim.weight)}
                      </span>
                    ) : null}
                  </>
                );
                return onPick ? (
                  <button
                    key={setting}
                    type="button"
                    className={cls}
                    aria-pressed={isPicked}
                    onClick={() => onPick(clause, setting)}
                    data-testid={`pick-${clause}-${setting}`}
                  >
                    {label}
                  </button>
                ) : (
                  <span key={setting} className={cls} data-offer={inOffer || undefined}>
                    {label}
                  </span>
                );
              })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
