// The OpenAPI 3.1 document of the JSON API, generated from the same routes and schemas the door uses: for each
// operation, who may call it (`security`), its request (integer path ids, query or body, the `Idempotency-Key` of a
// create) and its answer, in the wire's snake_case names; the live feed (openapi.live.ts); and, under `webhooks`,
// each event type a plan's webhook receives, with its Standard Webhooks headers and payload.
import { WAIT_MAX_MS } from "../../operations/common";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../http/session";
import { takesIdempotencyKey, type AnyOperation, type Caller } from "../../operations/operation";
import { WEBHOOK_PAYLOADS } from "../../operations/webhook-events";
import { snake, wireJsonSchema } from "../../operations/wire";
import { PERSON_ONLY_AGENT } from "../../rules/guards";
import { FAILURE_CODES } from "../../rules/result";
import { pathParams } from "./generate";
import type { RestRoute } from "./route";
import { REST_ROUTES } from "./routes";
import { LIVE_FEED_PATH, LIVE_SCHEMAS, liveFeedPath } from "./openapi.live";

type Json = Record<string, unknown>;

const failure = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { enum: Object.keys(FAILURE_CODES) },
        message: { type: "string", description: "one sentence a person can act on" },
        field: {
          type: "string",
          description: "the input field it is about, by its path in the call's names",
        },
      },
    },
  },
};

/** The input's JSON Schema without the fields the path (or a header) carries. */
function requestSchema(json: Json, inPath: string[]): Json {
  const properties = { ...((json.properties as Json | undefined) ?? {}) };
  for (const p of inPath) delete properties[p];
  const required = ((json.required as string[] | undefined) ?? []).filter((r) => !inPath.includes(r));
  return { ...json, properties, ...(required.length ? { required } : { required: undefined }) };
}

/** The scheme each kind of caller authenticates with: a guest sends nothing. */
const SCHEME: Record<Caller, Json> = { guest: {}, person: { session: [] }, agent: { bearer: [] } };

/** Who may call it, in words, after the summary: what a generated client's reader sees beside `security`. */
function whoMay(op: AnyOperation): string {
  const c = op.callers;
  if (c.includes("guest"))
    return "Open to everyone: a guest reads what a guest may; signed in, you read as yourself.";
  if (c.includes("agent")) return "Signed in: a person's session or an agent's bearer token.";
  const refusal = op.agentRefusal ?? PERSON_ONLY_AGENT;
  return `People only (a session cookie): an agent's token is refused with ${FAILURE_CODES[refusal.code]}, "${refusal.message}"`;
}

function operationParts(op: AnyOperation, route: RestRoute): Json {
  const inPath = pathParams(route.path);
  const input = wireJsonSchema(op.input, "input");
  const fields = (input.properties as Record<string, Json> | undefined) ?? {};
  // A path id is the input's own field (an integer), so a generated client takes the number its bodies use.
  const params: Json[] = inPath.map((name) => {
    const { description, ...schema } = fields[name] ?? { type: "integer", minimum: 1 };
    return { name, in: "path", required: true, ...(description ? { description } : {}), schema };
  });
  // A create's key travels in its header on the JSON API (the field is MCP's and tRPC's spelling of it).
  const keyed = takesIdempotencyKey(op);
  if (keyed) {
    const { description, ...schema } = fields[snake("idempotencyKey")] ?? { type: "string" };
    params.push({ name: "Idempotency-Key", in: "header", required: false, description, schema });
  }
  const request = requestSchema(input, keyed ? [...inPath, snake("idempotencyKey")] : inPath);
  const parts: Json = {
    description: [whoMay(op), op.longPoll ? longPollNote : ""].filter(Boolean).join(" "),
    security: op.callers.map((c) => SCHEME[c]),
    "x-callers": [...op.callers],
    ...(op.longPoll ? { "x-long-poll": true } : {}),
  };
  if (route.method === "GET") {
    for (const [name, schema] of Object.entries((request.properties as Json) ?? {}))
      params.push({
        name,
        in: "query",
        required: ((request.required as string[] | undefined) ?? []).includes(name),
        schema,
        ...((schema as Json).description ? { description: (schema as Json).description } : {}),
      });
  } else if (op.rest?.bodyField) {
    const field = (request.properties as Json | undefined)?.[snake(op.rest.bodyField)];
    parts.requestBody = { required: true, content: { "application/json": { schema: field ?? {} } } };
  } else if (Object.keys((request.properties as Json) ?? {}).length) {
    parts.requestBody = {
      required: ((request.required as string[] | undefined) ?? []).length > 0,
      content: { "application/json": { schema: request } },
    };
  }
  if (params.length) parts.parameters = params;
  parts.responseSchema = wireJsonSchema(op.output, "output");
  return parts;
}

const longPollNote = [
  `A long poll: the request is held until there is something to answer, or timeout_ms runs out (at most ${WAIT_MAX_MS}),`,
  "then answers with timed_out; call it again. While it waits it holds one of the caller's open streams (the live",
  "feed's places), so past their cap it is refused with 429.",
].join(" ");

/** The headers every delivery carries, as Standard Webhooks names them. */
const WEBHOOK_HEADERS = [
  ["webhook-id", "the delivery's id: the same on every attempt, so a receiver drops a duplicate"],
  ["webhook-timestamp", "the attempt's time, in Unix seconds"],
  [
    "webhook-signature",
    "v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`> under the webhook's whsec_ secret",
  ],
].map(([name, description]) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
}));

/** OpenAPI 3.1's `webhooks`: one POST per event type, named as it is registered and delivered. */
function webhooksSection(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([type, payload]) => {
      const schema = wireJsonSchema(payload, "output");
      return [
        type,
        {
          post: {
            operationId: `webhook ${type}`,
            summary: schema.description,
            description:
              "Verify it with any Standard Webhooks library and the webhook's secret before reading it; retried with exponential backoff for at least 24 h until a 2xx answer.",
            tags: ["webhooks"],
            parameters: WEBHOOK_HEADERS,
            requestBody: { required: true, content: { "application/json": { schema } } },
            responses: {
              "2XX": { description: "Received: no further attempt" },
              default: {
                description: "Not received: the delivery is tried again later, with the same webhook-id",
              },
            },
          },
        },
      ];
    }),
  );
}

/**
 * The document, whole or as one kind of caller sees it: with `caller`, only the operations that caller may call, so a
 * client generated for an agent offers no people-only call.
 */
export function openApiDocument(opts: { caller?: Caller; serverUrl?: string; routes?: RestRoute[] } = {}) {
  const { caller, serverUrl = "/", routes = REST_ROUTES } = opts;
  const paths: Record<string, Record<string, unknown>> = {};
  const failures: Record<string, unknown> = {};
  for (const [code, status] of Object.entries(FAILURE_CODES))
    failures[String(status)] ??= {
      description: code,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
    };
  for (const r of routes) {
    if (!r.operation) continue;
    if (caller && !r.operation.callers.includes(caller)) continue;
    const path = r.path.replace(/:(\w+)/g, "{$1}");
    const { responseSchema, ...rest } = operationParts(r.operation, r);
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operation.name,
      summary: r.summary,
      tags: [r.tag],
      ...rest,
      responses: {
        [String(r.status ?? 200)]: {
          description: "Success",
          content: { "application/json": { schema: responseSchema ?? {} } },
        },
        ...failures,
      },
    };
  }
  paths[LIVE_FEED_PATH] = liveFeedPath(failures);
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley JSON API",
      version: "1",
      description: [
        "Every door calls the same operations; field names are snake_case; failures share one shape: {error: {code, message}}.",
        "Each operation's `security` says who may call it: a guest (nothing), a person (the session cookie), an agent (its bearer token).",
        caller ? `This document lists only what a ${caller} may call (\`?caller=${caller}\`).` : "",
      ]
        .filter(Boolean)
        .join(" "),
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: { Failure: failure, ...LIVE_SCHEMAS },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `A person's session, signed in in the browser (\`${SECURE_SESSION_COOKIE}\` over HTTPS)`,
        },
        bearer: { type: "http", scheme: "bearer", description: "An agent's token (prl_…)" },
      },
    },
    paths,
    webhooks: webhooksSection(),
  };
}
