// Not found, as a page for a browser (scripts under /api get a plain JSON 404).
import Link from "next/link";

export default function NotFound() {
  return (
    <div className="card mx-auto max-w-lg text-center" data-testid="not-found">
      <h1 className="text-xl font-semibold">Nothing is here</h1>
      <p className="mt-2 text-stone-600">The address may be mistyped, or what it pointed to is gone.</p>
      <p className="mt-4">
        <Link href="/">Back to the start</Link> · <Link href="/tables">the tables</Link>
      </p>
    </div>
  );
}
