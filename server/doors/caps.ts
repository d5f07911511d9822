// How many bytes of body each door reads for a request, from the operations it calls: an operation that declares
// `bodyCap: "input"` (a plan's create and revise) may be as large as its input's largest legal form, every other
// one keeps the floor's small cap (PARLEY_BODY_MAX). The JSON API and tRPC name their operations before the body is
// read; an MCP request names its tools inside the body, so MCP reads up to its largest tool's cap and then holds the
// body to the tools it calls.
import { env } from "../env";
import { pathOf, type Asked } from "../http/asked";
import { ALL_OPERATIONS, type AnyOperation } from "../operations";
import { bodyCapOf } from "../operations/size";
import { matchRoute } from "./rest/dispatch";

/** Room for what wraps a call's input: superjson's envelope on tRPC, JSON-RPC's fields on MCP, a batch's keys. */
const ENVELOPE_BYTES = 4_096;

const floor = () => env().PARLEY_BODY_MAX;

/** The JSON API: the route's operation's cap; a path that names none keeps the floor's. */
export function restBodyCap(asked: Asked): number {
  const found = matchRoute(asked.method, pathOf(asked.target));
  const op = found && typeof found === "object" ? found.route.operation : undefined;
  return op ? bodyCapOf(op, floor()) : floor();
}

const byName = new Map(ALL_OPERATIONS.map((op) => [op.name, op]));

/**
 * A request's cap from the operations it calls: the floor's, or, when it calls some that take more, the sum of what
 * those take (each with room for its envelope).
 */
function capOfCalls(ops: (AnyOperation | undefined)[]): number {
  let large = 0;
  for (const op of ops) if (op?.bodyCap) large += bodyCapOf(op, floor()) + ENVELOPE_BYTES;
  return Math.max(floor(), large);
}

/** tRPC: from the procedures named in the path (`/api/trpc/a,b?batch=1`). */
export function trpcBodyCap(asked: Asked): number {
  const path = pathOf(asked.target).replace(/^.*\/api\/trpc\/?/, "");
  return capOfCalls(path ? path.split(",").map((name) => byName.get(name)) : []);
}

const byTool = new Map<string, AnyOperation>(
  ALL_OPERATIONS.filter((op) => op.mcp).map((op) => [op.mcp!.tool, op]),
);

/** MCP, before its body is read: as much as its largest tool takes (the tools a request calls are in the body). */
export function mcpReadCap(): number {
  let cap = floor();
  for (const op of byTool.values())
    if (op.bodyCap) cap = Math.max(cap, bodyCapOf(op, floor()) + ENVELOPE_BYTES);
  return cap;
}

/** MCP, once its body is parsed: from the tools its messages call. */
export function mcpBodyCap(message: unknown): number {
  const messages = Array.isArray(message) ? message : [message];
  return capOfCalls(
    messages.map((m) => {
      const call = m as { method?: unknown; params?: { name?: unknown } } | null;
      return call &&
        typeof call === "object" &&
        call.method === "tools/call" &&
        typeof call.params?.name === "string"
        ? byTool.get(call.params.name)
        : undefined;
    }),
  );
}
