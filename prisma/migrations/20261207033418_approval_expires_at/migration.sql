-- AlterTable
ALTER TABLE "Approval" ADD COLUMN     "expiresAt" TIMESTAMP(3);

-- An approval's expiry is fixed when it is given (shared/spec/access.md, "Plan roles"). Each approval already given
-- gets the expiry of the approvalTtl it was given under, read from the plan's record of setting changes: the last
-- change at or before the approval says what the setting was then; failing that, the first change after it says what
-- it was before; failing both, the setting never changed and today's is the one. A null setting: it never expires.
UPDATE "Approval" AS a
SET "expiresAt" = a."at" + given.ttl * interval '1 millisecond'
FROM (
  SELECT ap.id,
    (CASE
      WHEN prior.id IS NOT NULL THEN prior."after"
      WHEN later.id IS NOT NULL THEN later."before"
      ELSE p."approvalTtlMs"::text
    END)::bigint AS ttl
  FROM "Approval" ap
  JOIN "Plan" p ON p.id = ap."planId"
  LEFT JOIN LATERAL (
    SELECT c.id, c."after" FROM "PlanSettingChange" c
    WHERE c."planId" = ap."planId" AND c.field = 'approvalTtlMs' AND c."at" <= ap."at"
    ORDER BY c."at" DESC, c.id DESC
    LIMIT 1
  ) prior ON true
  LEFT JOIN LATERAL (
    SELECT c.id, c."before" FROM "PlanSettingChange" c
    WHERE c."planId" = ap."planId" AND c.field = 'approvalTtlMs' AND c."at" > ap."at"
    ORDER BY c."at" ASC, c.id ASC
    LIMIT 1
  ) later ON true
  WHERE ap.action = 'approve'
) AS given
WHERE a.id = given.id AND given.ttl IS NOT NULL;
