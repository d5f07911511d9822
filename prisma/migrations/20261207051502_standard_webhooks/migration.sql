-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN     "secretOutdated" BOOLEAN NOT NULL DEFAULT false;

-- Event types are registered and delivered by one name, the live feed's (plan.outcome, not outcome).
UPDATE "Webhook" SET "events" = (
  SELECT COALESCE(jsonb_agg(CASE WHEN e LIKE 'plan.%' THEN e ELSE 'plan.' || e END ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements_text("events") WITH ORDINALITY AS t(e, i)
);
UPDATE "WebhookDelivery" SET "event" = 'plan.' || "event" WHERE "event" NOT LIKE 'plan.%';

-- A secret was whsec_ + base64url, which Standard Webhooks libraries refuse: the same bytes, written in base64, sign
-- on until the owner rotates it (the plan page asks), so a receiver that writes its old string with + for - and /
-- for _ verifies meanwhile.
UPDATE "Webhook" SET "secret" = 'whsec_' || translate(substr("secret", 7), '-_', '+/'), "secretOutdated" = true
WHERE "secret" LIKE 'whsec\_%';
