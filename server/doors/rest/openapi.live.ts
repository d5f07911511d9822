// The live feed in the OpenAPI document: GET /api/events (Server-Sent Events), its query and `Last-Event-ID`, and
// the three frames it sends, each with the schema of its `data:` line — described from the feed's own constants.
import { BACKLOG_MAX, TOPICS_MAX } from "../../live";
import { REPLAY_EVENTS_PER_READ, STREAMS_PER_GUEST, STREAMS_PER_IDENTITY } from "../../http/streams";

type Json = Record<string, unknown>;

export const LIVE_FEED_PATH = "/api/events";

/** The `data:` of each frame, by its SSE event name; published under components.schemas. */
export const LIVE_SCHEMAS = {
  LiveEvent: {
    type: "object",
    description:
      "`event: live`, with `id:` the event's id (send it back as Last-Event-ID to resume). It says what changed, never a secret: read the state again to see it as you may.",
    required: ["topic", "type", "payload", "at"],
    properties: {
      topic: {
        type: "string",
        description: "lobby, table:<id>, council:<id>, plan:<id>, or user:<id> (private to that person)",
      },
      type: {
        type: "string",
        description:
          "what happened, e.g. table.opened, seat.joined, table.started, act, table.finished, member.joined",
      },
      payload: { type: "object", description: "the change's own facts (ids, a seat, a status)" },
      at: { type: "string", format: "date-time" },
    },
  },
  LiveReset: {
    type: "object",
    description:
      "`event: reset`: the feed cannot fill the gap since your Last-Event-ID (it names no event, you are more than `BACKLOG_MAX` events behind, or your read budget cannot pay for the replay): read your state again, then follow on.",
    required: ["type", "reason"],
    properties: {
      type: { const: "reset" },
      reason: { enum: ["unknown", "behind", "rate_limited"] },
    },
  },
  LiveSignedOut: {
    type: "object",
    description: "`event: signin_required`: the bearer token was revoked; the stream ends after this frame.",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { const: "signin_required" }, message: { type: "string" } },
      },
    },
  },
} satisfies Record<string, Json>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The path item of the live feed: open to everyone (a guest sees what a guest may), filtered for its viewer. */
export function liveFeedPath(failures: Record<string, unknown>): Json {
  return {
    get: {
      operationId: "live.events",
      summary: "The live feed: what changes, as Server-Sent Events, filtered for its viewer",
      description: [
        "A stream that stays open: it starts with `retry: 2000`, sends a comment ping every 15 s, and one frame per",
        "delivery — `event: live` (LiveEvent), `event: reset` (LiveReset), `event: signin_required` (LiveSignedOut).",
        "A reconnect that sends `Last-Event-ID` (or `?lastEventId=`) gets every event after it, once, in order, across",
        "server processes; one without replays nothing. When the id names no event, or it is more than",
        `${BACKLOG_MAX} events behind, the feed sends a reset instead. A replay is charged to the caller's reads, one`,
        `for each ${REPLAY_EVENTS_PER_READ} events. An open stream holds one of its caller's places (${STREAMS_PER_IDENTITY}`,
        `per person or agent, ${STREAMS_PER_GUEST} per guest address; a long poll holds one too): past them it is`,
        "refused with 429 before it begins.",
      ].join(" "),
      tags: ["live"],
      security: [{}, { session: [] }, { bearer: [] }],
      "x-callers": ["guest", "person", "agent"],
      parameters: [
        {
          name: "topics",
          in: "query",
          required: false,
          description: `What to follow, comma-separated (at most ${TOPICS_MAX}): lobby, table:<id>, council:<id>, plan:<id>, user:<id>, or a prefix ending in * (table:*). Without it, everything the viewer may see.`,
          schema: { type: "string" },
        },
        {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description:
            "The id of the last event you received: the feed resumes after it (EventSource sends it itself).",
          schema: { type: "string", pattern: "^[0-9]+$" },
        },
        {
          name: "lastEventId",
          in: "query",
          required: false,
          description: "The same as the Last-Event-ID header, for a client that cannot send headers.",
          schema: { type: "string", pattern: "^[0-9]+$" },
        },
      ],
      responses: {
        "200": {
          description: "The stream: SSE frames whose `data:` is one of the schemas in x-sse-events",
          content: {
            "text/event-stream": {
              schema: { type: "string" },
              "x-sse-events": {
                live: ref("LiveEvent"),
                reset: ref("LiveReset"),
                signin_required: ref("LiveSignedOut"),
              },
            },
          },
        },
        ...failures,
      },
    },
  };
}
