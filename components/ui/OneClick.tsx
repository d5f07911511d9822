"use client";
// One button that does one thing from a link (confirm an address, unsubscribe), then says what it did — or why
// not — in the server's own sentence.
import type { UseMutationResult } from "@tanstack/react-query";

export function OneClick({
  label,
  testId,
  action,
  run,
}: {
  label: string;
  testId: string;
  action: UseMutationResult<{ message: string }, { message: string }, any, any>;
  run: () => void;
}) {
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn"
        disabled={action.isPending || action.isSuccess}
        onClick={run}
        data-testid={testId}
      >
        {label}
      </button>
      {action.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {action.data.message}
        </p>
      ) : null}
      {action.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {action.error.message}
        </p>
      ) : null}
    </div>
  );
}
