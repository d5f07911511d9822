// The app's shape of a Round Table: the plain data the lifecycle, the export and the vote read.
import type { Aggregator } from "./constants";
import type { Answer } from "./replies";

export type SeatStatus = "live" | "emptied";

/** A seat at the table. Who wears it (person, agent, model) is the server's business, not the rules'. */
export type Seat = {
  /** Unique at the table: answers, challenges and coalitions refer to seats by name. */
  name: string;
  soul: string;
  status: SeatStatus;
  /** Why the seat was emptied (a missed deadline, a second bad reply); the minutes print it. */
  emptiedReason?: string;
};

export type Council = {
  id: string;
  question: string;
  context: string;
  options: string[];
  aggregator: Aggregator;
  /** Empty: dissent notes are not searched for values. */
  valuesKeywords: string[];
  seats: Seat[];
  /** Every validated answer of every round, in the order they arrived; one per seat and round. */
  answers: Answer[];
};

export const liveSeats = (council: Pick<Council, "seats">): Seat[] =>
  council.seats.filter((s) => s.status === "live");
