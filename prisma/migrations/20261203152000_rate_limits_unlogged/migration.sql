-- The rate limits' counts are minutes long and every request writes one: kept out of the write-ahead log, a read's
-- charge costs PostgreSQL no WAL record and no flush at commit (measured: PostgreSQL spent 1.6 ms of CPU a table read
-- for the app, under 0.1-0.9 ms for a bare server reading the same rows without a limit). An unlogged table is
-- emptied after a crash (never after a clean stop) and is not copied to replicas: a crash forgives a minute's
-- counts, which nothing else depends on. Prisma's schema has no word for this, so its diff does not see it.
ALTER TABLE "RateLimit" SET UNLOGGED;
