// A text control and the state it shows, tied in one spread: `<input {...bound(name, setName)} />`.
import type { ChangeEvent } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The control's value and its change handler; a select's T is the set of its options' values. */
export const bound = <T extends string>(value: T, set: (value: T) => void) => ({
  value,
  onChange: (e: ChangeEvent<Control>) => set(e.target.value as T),
});

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** One key of a form kept as one object in its state. */
export const boundKey = <F, K extends TextKeys<F>>(form: F, set: (form: F) => void, key: K) =>
  bound(form[key] as F[K] & string, (value) => set({ ...form, [key]: value }));

/** A number's control: the number shown, and the number typed or chosen. */
export const boundNumber = (value: number, set: (value: number) => void) => ({
  value,
  onChange: (e: ChangeEvent<Control>) => set(Number(e.target.value)),
});
