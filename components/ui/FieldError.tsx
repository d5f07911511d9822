"use client";
// A refusal shown beside the field it is about, as well as in the form's summary: the server names the field
// (`field` on the failure: tRPC's error data, the JSON API's error body) or, failing that, its sentence starts with
// the field's path. A form provides the refusal; each field asks whether it is about itself.
import { createContext, useContext, type ReactNode } from "react";
import { fieldWords } from "./fieldWords";

export type FormError = { field: string | null; text: string };

/** A caught mutation error as a form shows it: its field (if any) and its sentence in plain words. */
export function formError(e: unknown): FormError {
  const message = e instanceof Error ? e.message : String(e);
  const worded = fieldWords(message);
  const named = (e as { data?: { field?: unknown } } | null)?.data?.field;
  return { field: typeof named === "string" ? named : worded.field, text: worded.text };
}

const Ctx = createContext<FormError | null>(null);

export function FieldErrors({ error, children }: { error: FormError | null; children: ReactNode }) {
  return <Ctx.Provider value={error}>{children}</Ctx.Provider>;
}

/** Whether the form's refusal is about this field (or something inside it: "options" covers "options.1"). */
function about(error: FormError | null, field: string | readonly string[]): boolean {
  const f = error?.field;
  return !!f && (typeof field === "string" ? [field] : field).some((x) => f === x || f.startsWith(`${x}.`));
}

/** Props for the field's input: aria-invalid and the message's id, when the refusal is about it. */
export const fieldProps = (error: FormError | null, field: string | readonly string[], id: string) =>
  about(error, field) ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

/** fieldProps, for a field inside a form's FieldErrors. */
export function useFieldError(field: string, id: string) {
  return fieldProps(useContext(Ctx), field, id);
}

/** The refusal's sentence under the field it is about; nothing otherwise. */
export function FieldError({ field, id }: { field: string | readonly string[]; id: string }) {
  const error = useContext(Ctx);
  if (!about(error, field)) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-xs text-rose-700" data-testid={`field-error-${id}`}>
      {error!.text}
    </p>
  );
}

/** What a field's control is given: its id, the field look, and aria-invalid when the refusal is about it. */
export type ControlProps = { id: string; className: string } & ReturnType<typeof fieldProps>;

/**
 * A labelled field: the label, the control the caller draws with the props it is given, and (when the field has a
 * name on the wire) the refusal's sentence under it.
 */
export function Field({
  id,
  label,
  field,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** The wire field a refusal names for this control; without it, the field shows no refusal of its own. */
  field?: string | readonly string[];
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const error = useContext(Ctx);
  return (
    <div className={className}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children({ id, className: "field", ...(field ? fieldProps(error, field, id) : {}) })}
      {field ? <FieldError field={field} id={id} /> : null}
    </div>
  );
}
