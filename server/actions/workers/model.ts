// The model queue's worker: at a failed model call's retry time, ask the round table's model seats again (any
// process may; the claim in the database keeps one ask from running twice).
import { runModelSeats } from "../council";
import { runModelPlayers } from "../game";
import { announce } from "../../live";
import type { Worker } from "../../jobs/queue";

/** A Round Table's model seats, or a Sworn & Said table's model player (game.md §13). */
export type ModelJob = { councilId: number } | { tableId: number };

export const modelWorker: Worker<ModelJob> = async (job, database) => {
  if ("tableId" in job.data) {
    if (await runModelPlayers(database.prisma, job.data.tableId)) await announce(database);
  } else await runModelSeats(database.prisma, job.data.councilId);
};
