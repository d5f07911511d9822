// The OpenAPI document of the JSON API, generated from the same route table and zod schemas the door uses.
import { z } from "zod";
import { FAILURE_CODES } from "../../rules/result";
import type { RestRoute } from "./route";
import { REST_ROUTES } from "./routes";

export function openApiDocument(routes: RestRoute[] = REST_ROUTES, serverUrl = "/") {
  const failure = {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: { code: { enum: Object.keys(FAILURE_CODES) }, message: { type: "string" } },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, "{$1}");
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^[1-9][0-9]*$" },
    }));
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]: { description: "Success", content: { "application/json": { schema: {} } } },
    };
    for (const [code, status] of Object.entries(FAILURE_CODES))
      responses[String(status)] ??= {
        description: code,
        content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
      };
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      summary: r.summary,
      tags: [r.tag],
      ...(params.length ? { parameters: params } : {}),
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
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley JSON API",
      version: "1",
      description: "Every door calls the same actions; failures share one shape.",
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
  };
}
