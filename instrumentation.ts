// Next.js start-up hook: notes each request's peer address, opens and migrates the database, seeds the demo, starts
// the clock's sweeper.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Each request's TCP peer is written down before Next reads the request: a guest's address for its rate limits.
  const { installPeerAddress } = await import("./server/http/address");
  installPeerAddress();
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
