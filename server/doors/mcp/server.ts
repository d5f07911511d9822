// The MCP door: a stateless Streamable HTTP handler per request; arguments are held to each tool's schema,
// and every refusal (bad argument or a rule) comes back as an isError result with one sentence.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { answerOf, requestOf, responseOf, type Answer } from "../../http/asked";
import type { AdmittedAsk } from "../../http/door";
import { failureAnswer, failureResponse, signInAsked, tokenRefused } from "../../http/floor";
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import { isDatabaseDown, UNAVAILABLE } from "../../http/unavailable";
import type { Who } from "../../identity";
import { fail, type Failure } from "../../rules/result";
import { mcpBodyCap, mcpReadCap } from "../caps";
import { callerRefusal } from "../serve";
import type { McpTool } from "./tool";
import { serveResources } from "./resources";
import { endpointOf, MCP_ENDPOINTS, MCP_TOOLS, toolSetOf, type ToolSet } from "./tools";
import { answerJson } from "../../http/json";

const TOOLS_BY_NAME = new Map(MCP_TOOLS.map((t) => [t.name, t]));

/**
 * A refusal as a tool result: the one sentence as text (`code: message`, as older clients read it) and, for a client
 * that reads structure, `structuredContent.error` (agents.md), valid against every tool's output schema.
 */
function refusal(code: string, message: string, field?: string) {
  return {
    content: [{ type: "text" as const, text: `${code}: ${message}` }],
    structuredContent: { error: field === undefined ? { code, message } : { code, message, field } },
    isError: true,
  };
}

/**
 * One JSON Schema validator for every request's server: the SDK makes a new Ajv for each Server it is not handed one
 * (making it cost more than the table's read), and this door asks it for nothing (no elicitation), so one made on
 * first use serves all (docs/decisions/0015-mcp-door.md).
 */
let shared: AjvJsonSchemaValidator | undefined;
const validator = () => (shared ??= new AjvJsonSchemaValidator());

/** What tools/list answers for a tool set: made once per set, as the set is. */
const listings = new WeakMap<ToolSet, { tools: Tool[] }>();
const listingOf = (set: ToolSet) => {
  let l = listings.get(set);
  if (!l) listings.set(set, (l = { tools: set.tools.map((t) => t.listed) }));
  return l;
};

/**
 * The tool a call names: one this endpoint lists to the caller; or one the caller may never use, called all the
 * same so that its floor answers why not (an agent's `seat_model`); or, for one listed on another endpoint only, the
 * sentence that says where it is.
 */
function toolFor(name: string, set: ToolSet, who: Who): McpTool | ReturnType<typeof refusal> {
  const listed = set.byName.get(name);
  if (listed) return listed;
  const known = TOOLS_BY_NAME.get(name);
  if (known && callerRefusal(known.operation, who)) return known;
  const elsewhere = known ? endpointOf(name) : null;
  if (elsewhere)
    return refusal(
      "not_found",
      `The tool "${name}" is not on ${set.endpoint}: connect to ${elsewhere} to use it.`,
    );
  return refusal("not_found", `There is no tool named "${name}"; call tools/list for the ones there are.`);
}

/**
 * What a request's calls learnt of its caller as they ran: a token (or session) that stopped holding while a call
 * waited (a long poll's signin_required). The door then answers the whole request as a bad token at its start is
 * answered: 401 with the Bearer challenge, never a tool result (handleMcp).
 */
export type Outcome = { signedOut?: Failure };

export function mcpServer(
  db: Db,
  who: Who,
  clock: Clock,
  rateKey: string,
  set: ToolSet,
  address?: string,
  outcome: Outcome = {},
): Server {
  const server = new Server(
    { name: "parley", version: "1.0.0" },
    { capabilities: { tools: {}, resources: {} }, jsonSchemaValidator: validator() },
  );
  serveResources(server, { db, who, clock, rateKey, address });
  server.setRequestHandler(ListToolsRequestSchema, () => listingOf(set));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const t = toolFor(req.params.name, set, who);
    if (!("operation" in t)) return t;
    try {
      // The arguments are held to the operation's schema by `serve`, in the wire's names.
      const r = await t.call(
        { db, who, clock, rateKey, address, signal: extra.signal },
        req.params.arguments ?? {},
      );
      if (!r.ok) {
        if (r.code === "signin_required" && who.kind !== "anon") outcome.signedOut = r;
        return refusal(r.code, r.message, r.field);
      }
      const value = (t.wrapped ? { items: r.value } : r.value) as Record<string, unknown>;
      // Compact: the JSON-RPC answer escapes this text once more, and a model reads (and pays for) every space.
      return { content: [{ type: "text" as const, text: answerJson(value) }], structuredContent: value };
    } catch (e) {
      if (isDatabaseDown(e)) return refusal("unavailable", UNAVAILABLE.message);
      console.error(`MCP tool ${t.name} failed:`, e);
      return refusal("internal", "Something went wrong on our side; the call was not applied.");
    }
  });
  return server;
}

/**
 * The request's JSON-RPC message(s) from its text, wrapped so a body of `null` is told from none; null when the text
 * is not JSON or there is none.
 */
function messageOf(body: string | null | undefined): { ok: true; value: unknown } | null {
  if (!body) return null;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return null; // the transport answers malformed JSON itself
  }
}

/** The floor read as much as MCP's largest tool takes; the tools this body calls may take less. */
function tooLarge(text: string, message: unknown): Response | null {
  const cap = mcpBodyCap(message);
  if (Buffer.byteLength(text) <= cap) return null;
  return responseOf(failureAnswer(fail("invalid", `The request body is larger than ${cap} bytes.`)));
}

/**
 * A tools/call whose `arguments` is not an object never reaches a tool: the SDK refuses it as an internal error
 * (-32603) before any handler runs. Answered here instead, as the tool result a model can correct.
 */
function argumentsNotAnObject(message: unknown): Response | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const m = message as { id?: unknown; method?: unknown; params?: { arguments?: unknown } };
  const args = m.params?.arguments;
  if (
    m.method !== "tools/call" ||
    args === undefined ||
    (typeof args === "object" && args !== null && !Array.isArray(args))
  )
    return null;
  const got = Array.isArray(args) ? "an array" : args === null ? "null" : `a ${typeof args}`;
  return Response.json({
    jsonrpc: "2.0",
    id: m.id ?? null,
    result: refusal("invalid", `The tool's arguments must be an object of named fields, not ${got}.`),
  });
}

/**
 * A guest's call of a tool that needs a signed-in caller is refused as HTTP 401 with the Bearer challenge, before the
 * transport, as the JSON API refuses the same write: a client then asks for a token (or starts its sign-in) rather
 * than show a tool result. Any such call in a batch refuses the batch.
 */
function signInFirst(message: unknown, who: Who, tools: Map<string, McpTool>): Failure | null {
  if (who.kind !== "anon") return null;
  for (const m of Array.isArray(message) ? message : [message]) {
    if (typeof m !== "object" || m === null) continue;
    const { method, params } = m as { method?: unknown; params?: { name?: unknown } };
    const op =
      method === "tools/call" && typeof params?.name === "string" && tools.get(params.name)?.operation;
    const refused = op ? callerRefusal(op, who) : null;
    if (refused?.code === "signin_required") return refused;
  }
  return null;
}

/**
 * The answer to a request whose caller stopped being signed in while a call of it waited (a token revoked during
 * wait_for_turn): 401 with the Bearer challenge, as the JSON API's long poll answers, whatever else the request held
 * (its answers were read while the token was good, but a client that is told to sign in again re-sends them). An
 * agent's token is named `invalid_token` with the sentence; a person's ended session gets the plain challenge. The
 * transport answers JSON (enableJsonResponse), so no header is sent before every call of the request is done and
 * this status can always be given (docs/decisions/0015-mcp-door.md).
 */
const signedOutResponse = (f: Failure, who: Who, path: string): Response =>
  failureResponse(f, who.kind === "agent" ? tokenRefused(f, path) : signInAsked(path));

/**
 * A GET asks for a stream of the server's own messages. A stateless server has none to send (each request has its
 * own Server, gone once it answers), so it says so with 405, as the Streamable HTTP transport lets a server that
 * offers no such stream: the SDK's Client then stops asking. A stream that ended at once had it ask again every
 * second for as long as it stayed connected, a Server and a transport made and closed each time. Any other method
 * but POST and DELETE is refused alike, with the same Allow (TRACE among them, which no web Request can carry).
 */
function methodRefused(method: string): Response | null {
  if (method === "POST" || method === "DELETE") return null;
  const message =
    method === "GET"
      ? "This server offers no stream: send messages by POST."
      : `This server takes messages by POST (and DELETE), not ${method}.`;
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status: 405, headers: { allow: "POST, DELETE" } },
  );
}

/**
 * The MCP door on the floor's own objects (the fast lane's plain door): the SDK's transport takes a web Request, so
 * it is handed one made without a body, with the body the floor read beside it, and its Response comes back as an
 * Answer. The request's bytes pass through no web stream, and no Request is made to carry them again but for text
 * that is not JSON, which the transport reads and answers itself (docs/decisions/0015-mcp-door.md).
 */
export async function mcpAnswer(a: AdmittedAsk, clock: Clock): Promise<Answer> {
  const refused = methodRefused(a.asked.method);
  if (refused) return answerOf(refused);
  let req: Request;
  try {
    req = requestOf(a.asked);
  } catch {
    return failureAnswer(fail("invalid", "That request is malformed."));
  }
  return answerOf(await handleMcp(req, a.db, a.who, clock, a.rateKey, a.address, a.body));
}

/**
 * One MCP request. `body` is the floor's reading of it (the Request mcpAnswer hands over has none); without it (a
 * caller of this function alone) the body is read here. The message is parsed once
 * and handed to the transport as parsedBody; text that is not JSON goes to the transport as text, which answers it
 * as JSON-RPC's parse error.
 */
export async function handleMcp(
  req: Request,
  db: Db,
  who: Who,
  clock: Clock,
  rateKey: string,
  address?: string,
  body?: string | null,
): Promise<Response> {
  const path = new URL(req.url).pathname;
  const set = toolSetOf(path, who);
  if (!set)
    return failureResponse(
      fail("not_found", `There is nothing at ${path}; the MCP endpoints are ${MCP_ENDPOINTS.join(", ")}.`),
    );
  const refusedMethod = methodRefused(req.method);
  if (refusedMethod) return refusedMethod;
  const text = req.method === "POST" ? (body ?? (await req.text())) : null;
  const message = messageOf(text);
  const refused = message && (tooLarge(text!, message.value) ?? argumentsNotAnObject(message.value));
  if (refused) return refused;
  const unsigned = message && signInFirst(message.value, who, TOOLS_BY_NAME);
  if (unsigned) return failureResponse(unsigned, signInAsked(path));
  const outcome: Outcome = {};
  const server = mcpServer(db, who, clock, rateKey, set, address, outcome);
  const transport = new WebStandardStreamableHTTPServerTransport({
    maxRequestBodySize: mcpReadCap(),
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  // A message is answered once every handler is done (stateless, JSON answers), and the transport has dropped its
  // streams by then: close() would only abort finished handlers and make a "Connection closed" error for no one, with
  // its stack, so the pair is left to the garbage collector. Anything else (text that is not JSON, which the
  // transport reads and answers itself; a DELETE) is closed after.
  if (message) {
    const answer = await transport.handleRequest(req, { parsedBody: message.value });
    return outcome.signedOut ? signedOutResponse(outcome.signedOut, who, path) : answer;
  }
  try {
    return await transport.handleRequest(
      text === null ? req : new Request(req.url, { method: "POST", headers: req.headers, body: text }),
    );
  } finally {
    void server.close();
  }
}
