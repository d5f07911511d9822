// Every disabled action says why (issue "Parley for people" §6): the sentence beside the button, which the button
// names as its description, so a screen reader hears it too.
export function WhyNot({ id, why }: { id: string; why: string | null }) {
  return why ? (
    <span id={id} className="text-xs text-stone-600" data-testid="why-not">
      {why}
    </span>
  ) : null;
}

/** The button's side of it: aria-describedby while there is a reason. */
export const describedBy = (id: string, why: string | null) => (why ? { "aria-describedby": id } : {});
