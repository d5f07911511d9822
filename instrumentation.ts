// Next.js start-up hook: opens and migrates the database, seeds the demo, starts the clock's sweeper.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./server/boot");
  const { isDataDirLocked } = await import("./server/datalock");
  try {
    await boot();
  } catch (e) {
    // Another process owns the embedded database: this one could only answer 500 to every request, so it says
    // why in one sentence and exits. Any other failure (PostgreSQL down, say) may pass, so the server stays up.
    if (!isDataDirLocked(e)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
