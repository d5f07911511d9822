// The constants and the schema of record say the same thing.
import { describe, expect, it } from "vitest";
import {
  CHECKPOINT_SCHEMA,
  DECISIONS,
  ESCALATION_OPTIONS,
  OUTCOME_STATUSES,
  RISK_SEVERITIES,
} from "@/server/rules/checkpoint";

describe("constants", () => {
  it("list the schema's outcome statuses and risk severities, in its order", () => {
    const items = CHECKPOINT_SCHEMA.properties;
    expect(items.outcomes.items.properties.status.enum).toEqual([...OUTCOME_STATUSES]);
    expect(items.risks.items.properties.severity.enum).toEqual([...RISK_SEVERITIES]);
  });

  it("offer the four decisions, and a Round Table everything but escalating again", () => {
    expect(DECISIONS).toEqual(["hold", "revise", "escalate", "admit"]);
    expect(ESCALATION_OPTIONS).toEqual(DECISIONS.filter((d) => d !== "escalate"));
  });
});
