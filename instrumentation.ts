// Next.js start-up hook: notes each request's peer address, opens and migrates the database, seeds the demo, starts
// the clock's sweeper.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Each request's TCP peer is written down before Next reads the request: a guest's address for its rate limits.
  const { installPeerAddress } = await import("./server/http/address");
  installPeerAddress();
  const { boot } = await import("./server/boot");
  // Node-only work lives in server/ (this file is also compiled for the edge runtime, where process.exit is not).
  const { exitIfDataDirLocked } = await import("./server/datalock");
  try {
    await boot();
  } catch (e) {
    // A locked embedded database exits at once; any other failure (PostgreSQL down, say) may pass, so the server
    // stays up and answers 503 until the database is back.
    exitIfDataDirLocked(e);
    throw e;
  }
}
