// Prisma CLI config: schema and migrations live under prisma/; the URL is only used by tooling.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/test" },
});
