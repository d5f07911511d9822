-- A client named by its metadata document: when the copy kept of it goes stale.
ALTER TABLE "OAuthClient" ADD COLUMN "documentExpiresAt" TIMESTAMP(3);
