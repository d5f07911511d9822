// The model queue's worker: at a failed model call's retry time, ask the round table's model seats again (any
// process may; the claim in the database keeps one ask from running twice).
import { runModelSeats } from "../actions/council/models";
import type { Worker } from "./queue";

export type ModelJob = { councilId: number };

export const modelWorker: Worker<ModelJob> = async (job, database) => {
  await runModelSeats(database.prisma, job.data.councilId);
};
