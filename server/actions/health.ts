// Is this process fit to serve: it answers, and its database answers one query within a couple of seconds.
import type { Db } from "../db";
import { UNAVAILABLE } from "../http/unavailable";
import { ok, type Result } from "../rules/result";

const PING_MS = 2_000;

export async function health(db: Db): Promise<Result<{ ok: true; database: "up" }>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((res) => (timer = setTimeout(() => res("late"), PING_MS)));
  try {
    const answer = await Promise.race([db.$queryRaw`SELECT 1`, late]);
    return answer === "late" ? UNAVAILABLE : ok({ ok: true, database: "up" });
  } catch {
    return UNAVAILABLE;
  } finally {
    clearTimeout(timer);
  }
}
