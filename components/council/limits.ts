// The rules' numbers a round table's page shows, passed down from the page: components never import the rules.
export type CouncilLimits = {
  /** How many disagreement axes the facilitator writes for round 3. */
  axesMin: number;
  axesMax: number;
  /** The top of the confidence scale, the unit of the round chart. */
  confidenceMax: number;
};
