// Yes or no to an invitation: Accept, then Decline; `what` names what they answer, for a screen reader.
export function AnswerButtons({
  testId,
  answer,
  busy,
  what,
}: {
  /** "invitation" → invitation-accept, invitation-decline. */
  testId: string;
  answer: (yes: boolean) => void;
  busy?: boolean;
  what?: string;
}) {
  return (
    <>
      <button
        className="btn"
        disabled={busy}
        onClick={() => answer(true)}
        data-testid={`${testId}-accept`}
        aria-label={what ? `Accept: ${what}` : undefined}
      >
        Accept
      </button>
      <button
        className="btn-quiet"
        disabled={busy}
        onClick={() => answer(false)}
        data-testid={`${testId}-decline`}
        aria-label={what ? `Decline: ${what}` : undefined}
      >
        Decline
      </button>
    </>
  );
}
