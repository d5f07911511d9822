// MCP resources: what an agent reads whole — a finished table's record, a Round Table's minutes, a plan's
// declaration and its audit, the rules — each read through the same operation, floor and redaction as every door.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
  type ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import { rulesMarkdown } from "../../../app/rules/markdown";
import { answerJson } from "../../http/json";
import { OPERATIONS } from "../../operations";
import type { Failure } from "../../rules/result";
import type { McpContext } from "./tool";
import { callOperation } from "./tools";

const JSON_TYPE = "application/json";
const MARKDOWN = "text/markdown";

/** The templates, listed to everyone (each read answers as its operation does for who asks). */
const TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: "parley://tables/{table_id}/record",
    name: "table-record",
    title: "A finished table's record",
    description: OPERATIONS.tables.record.summary,
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: "parley://councils/{council_id}/minutes",
    name: "council-minutes",
    title: "A Round Table's minutes",
    description: OPERATIONS.councils.minutes.summary,
    mimeType: MARKDOWN,
  },
  {
    uriTemplate: "parley://plans/{plan_id}/declaration",
    name: "plan-declaration",
    title: "A plan's declaration",
    description: OPERATIONS.plans.declaration.summary,
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: "parley://plans/{plan_id}/audit",
    name: "plan-audit",
    title: "A plan's audit",
    description: OPERATIONS.plans.audit.summary,
    mimeType: JSON_TYPE,
  },
];

const RULES: Resource = {
  uri: "parley://rules",
  name: "rules",
  title: "The rules of Sworn & Said",
  description: "The rules of record, every number read from the engine's constants (the same as /rules.md).",
  mimeType: MARKDOWN,
};

/** A refusal as MCP's error: a resource that is not there (or not for this caller) is -32002, as the spec asks. */
function refused(f: Failure): never {
  throw new McpError(f.code === "not_found" ? -32002 : ErrorCode.InvalidParams, `${f.code}: ${f.message}`);
}

async function called(
  ctx: McpContext,
  op: Parameters<typeof callOperation>[0],
  args: Record<string, unknown>,
) {
  const r = await callOperation(op, ctx, args);
  return r.ok ? r.value : refused(r);
}

const ADDRESS = /^parley:\/\/(tables|councils|plans)\/([0-9]+)\/(record|minutes|declaration|audit)$/;

/** One resource's contents, read as who asks through its operation. */
async function read(ctx: McpContext, uri: string) {
  if (uri === RULES.uri) return [{ uri, mimeType: MARKDOWN, text: rulesMarkdown() }];
  const m = ADDRESS.exec(uri);
  const id = m ? Number(m[2]) : NaN;
  const kind = m ? `${m[1]}/${m[3]}` : "";
  if (kind === "tables/record") {
    const record = await called(ctx, OPERATIONS.tables.record, { table_id: id });
    return [{ uri, mimeType: JSON_TYPE, text: answerJson(record) }];
  }
  if (kind === "councils/minutes") {
    const minutes = (await called(ctx, OPERATIONS.councils.minutes, { council_id: id })) as {
      markdown: string;
    };
    return [{ uri, mimeType: MARKDOWN, text: minutes.markdown }];
  }
  if (kind === "plans/declaration" || kind === "plans/audit") {
    const audit = (await called(ctx, OPERATIONS.plans.audit, { plan_id: id })) as { declaration: unknown };
    const value = kind === "plans/audit" ? audit : audit.declaration;
    return [{ uri, mimeType: JSON_TYPE, text: answerJson(value) }];
  }
  throw new McpError(
    -32002,
    `There is no resource at ${uri}; resources/templates/list names the ones there are.`,
  );
}

/** The resources this caller may read now: the rules, and what the lists show them (finished tables only). */
async function listed(ctx: McpContext): Promise<Resource[]> {
  const [tables, councils, plans] = await Promise.all([
    called(ctx, OPERATIONS.tables.list, {}) as Promise<{
      tables: { id: number; title: string; status: string }[];
    }>,
    called(ctx, OPERATIONS.councils.list, {}) as Promise<{ councils: { id: number; question: string }[] }>,
    called(ctx, OPERATIONS.plans.list, {}) as Promise<{ id: number; name: string }[]>,
  ]);
  return [
    RULES,
    ...tables.tables
      .filter((t) => t.status === "bound" || t.status === "ended")
      .map((t) => ({
        uri: `parley://tables/${t.id}/record`,
        name: `table-${t.id}-record`,
        title: `The record of "${t.title}"`,
        mimeType: JSON_TYPE,
      })),
    ...councils.councils.map((c) => ({
      uri: `parley://councils/${c.id}/minutes`,
      name: `council-${c.id}-minutes`,
      title: `The minutes of "${c.question}"`,
      mimeType: MARKDOWN,
    })),
    ...plans.flatMap((p) => [
      {
        uri: `parley://plans/${p.id}/declaration`,
        name: `plan-${p.id}-declaration`,
        title: `The declaration of "${p.name}"`,
        mimeType: JSON_TYPE,
      },
      {
        uri: `parley://plans/${p.id}/audit`,
        name: `plan-${p.id}-audit`,
        title: `The audit of "${p.name}"`,
        mimeType: JSON_TYPE,
      },
    ]),
  ];
}

/** The resource handlers on one request's Server. */
export function serveResources(server: Server, ctx: Omit<McpContext, "signal">): void {
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: TEMPLATES }));
  server.setRequestHandler(ListResourcesRequestSchema, async (_, extra) => ({
    resources: await listed({ ...ctx, signal: extra.signal }),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => ({
    contents: await read({ ...ctx, signal: extra.signal }, req.params.uri),
  }));
}
