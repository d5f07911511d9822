// A refusal said where the reader looks, announced to a screen reader; nothing while there is none.
export function Alert({
  text,
  className = "text-red-700",
  testId,
}: {
  text: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  return text ? (
    <p className={className} role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}
