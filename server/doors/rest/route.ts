// One JSON API route: a method, a path with :params, a summary for the OpenAPI document, and the action it calls.
import type { z } from "zod";
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type { AnyOperation } from "../../operations/operation";
import type { Result } from "../../rules/result";

export type RestContext = {
  db: Db;
  who: Who;
  /** Where the route reads the time, once, to pass into its action. */
  clock: Clock;
  /** The caller's rate-limit key (who, or the guest's address). */
  rateKey: string;
  /** The client's address, when the door knows it. */
  address?: string;
  params: Record<string, string>;
  body: unknown;
  /** The query's text, after the "?" ("" when there is none): parsed only by a route that reads one. */
  query: string;
  /** The request's `Idempotency-Key` header, for a create that takes one. */
  idempotencyKey?: string | null;
};

export type RestRoute = {
  method: "GET" | "POST" | "DELETE";
  /** e.g. "/api/tables/:id/offer"; a :param matches one path segment. */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** The status of a success (201 for a creation). */
  status?: number;
  /** Set for a route generated from an operation: its floor (callers, rate limit, input) is `serve`'s. */
  operation?: AnyOperation;
  /** Its answer, or a promise of it: a call with nothing to wait for answers at once. */
  call: (ctx: RestContext) => Result<unknown> | Promise<Result<unknown>>;
};
