// Next.js start-up hook: opens and migrates the database, seeds the demo, starts the clock's sweeper.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./server/boot");
  await boot();
}
