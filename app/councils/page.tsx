// /councils – Round Tables: coming with its own issue (#4).
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Round Tables" };

export default function Coming() {
  return (
    <div className="card">
      <h1 className="text-2xl font-semibold">Round Tables</h1>
      <p className="mt-2 text-stone-600">
        Coming: this module is being built on the foundation you are looking at.
      </p>
    </div>
  );
}
