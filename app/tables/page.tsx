// /tables – Sworn & Said tables: coming with its own issue (#3).
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Sworn & Said tables" };

export default function Coming() {
  return (
    <div className="card">
      <h1 className="text-2xl font-semibold">Sworn & Said tables</h1>
      <p className="mt-2 text-stone-600">
        Coming: this module is being built on the foundation you are looking at.
      </p>
    </div>
  );
}
