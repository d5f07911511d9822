// An agent's name, as a person writes it on /agents or on the consent page (/connect).
import { z } from "zod";

export const ZAgentName = z
  .string()
  .trim()
  .min(2, "use at least 2 characters")
  .max(40, "use at most 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, "use letters, digits, spaces, dots, dashes or underscores");
