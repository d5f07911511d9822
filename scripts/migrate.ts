// `npm run db:migrate`: apply prisma/migrations to DATABASE_URL (or the embedded database under ./data).
import { databaseUrl, openDatabase } from "../server/db";
import { schemaVersion } from "../server/migrate";

const url = databaseUrl();
const db = await openDatabase(url); // opening migrates
try {
  const v = await schemaVersion(db.sql);
  console.log(
    `${db.kind}: ${v.applied.length} migration(s) applied; schema version ${v.applied.at(-1) ?? "(none)"}`,
  );
} finally {
  await db.close();
}
