// The OpenAPI 3.1 document of the JSON API, generated from the same routes and schemas the door uses: for a route
// declared as an operation, its request (path, query or body) and its answer, in the wire's snake_case names; and,
// under `webhooks`, each event type a plan's webhook receives, with its Standard Webhooks headers and payload.
import { z } from "zod";
import type { AnyOperation } from "../../operations/operation";
import { WEBHOOK_PAYLOADS } from "../../operations/webhook-events";
import { snake, wireJsonSchema } from "../../operations/wire";
import { FAILURE_CODES } from "../../rules/result";
import { pathParams } from "./generate";
import type { RestRoute } from "./route";
import { REST_ROUTES } from "./routes";

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
      },
    },
  },
};

/** The input's JSON Schema without the fields the path carries. */
function requestSchema(op: AnyOperation, inPath: string[]): Json {
  const json = wireJsonSchema(op.input, "input");
  const properties = { ...((json.properties as Json | undefined) ?? {}) };
  for (const p of inPath) delete properties[p];
  const required = ((json.required as string[] | undefined) ?? []).filter((r) => !inPath.includes(r));
  return { ...json, properties, ...(required.length ? { required } : { required: undefined }) };
}

function operationParts(op: AnyOperation, route: RestRoute): Json {
  const inPath = pathParams(route.path);
  const params: Json[] = inPath.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  }));
  const request = requestSchema(op, inPath);
  const parts: Json = {};
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

export function openApiDocument(routes: RestRoute[] = REST_ROUTES, serverUrl = "/") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, "{$1}");
    const parts: Json = r.operation
      ? operationParts(r.operation, r)
      : {
          ...(pathParams(r.path).length
            ? {
                parameters: pathParams(r.path).map((name) => ({
                  name,
                  in: "path",
                  required: true,
                  schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
                })),
              }
            : {}),
          ...(r.body
            ? {
                requestBody: {
                  required: true,
                  content: {
                    "application/json": {
                      schema: z.toJSONSchema(r.body, { io: "input", unrepresentable: "any" }),
                    },
                  },
                },
              }
            : {}),
        };
    const { responseSchema, ...rest } = parts;
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: responseSchema ?? {} } },
      },
    };
    for (const [code, status] of Object.entries(FAILURE_CODES))
      responses[String(status)] ??= {
        description: code,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
      };
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operation?.name ?? `${r.method.toLowerCase()} ${r.path}`,
      summary: r.summary,
      tags: [r.tag],
      ...rest,
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley JSON API",
      version: "1",
      description:
        "Every door calls the same operations; field names are snake_case; failures share one shape: {error: {code, message}}.",
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: { Failure: failure },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An agent's token (prl_…)" },
      },
    },
    security: [{}, { bearer: [] }],
    paths,
    webhooks: webhooksSection(),
  };
}
