// What convening sends, and the numbers and choices the page passes the form (read from the rules, never retyped).
import type { inferRouterInputs } from "@trpc/server";
import type { AppRouter } from "@/server/doors/trpc";

/** What convening sends: exactly the tRPC procedure's input, so tsc checks the form. */
export type Convene = inferRouterInputs<AppRouter>["councils"]["convene"];
export type Aggregator = NonNullable<Convene["aggregator"]>;
export type Provider = NonNullable<Convene["seats"][number]["provider"]>;

export type ConveneLimits = {
  seatsMin: number;
  seatsMax: number;
  optionsMin: number;
  optionsMax: number;
  aggregators: Aggregator[];
  providers: Provider[];
  defaultKeywords: string[];
  defaultDeadlineMinutes: number;
  deadlineMinMinutes: number;
  deadlineMaxMinutes: number;
  questionMax: number;
  seatNameMax: number;
  habitMax: number;
  /** The longest Step 0 answer. */
  fitMax: number;
};
