// Every path of the JSON API, in one table; each row calls one action and decides nothing.
import { registerLocal, ZRegister } from "../../actions/accounts";
import { createAgent, listAgents, revokeAgent, ZCreateAgent } from "../../actions/agents";
import { health } from "../../actions/health";
import { me } from "../../actions/me";
import { PLAN_ROUTES } from "./checkpoint";
import { COUNCIL_ROUTES } from "./council";
import { GAME_ROUTES } from "./game";
import { route, type RestRoute } from "./route";

const foundation: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/me",
    tag: "identity",
    summary: "Who you are: anon, a person (user/admin) or an agent.",
    call: ({ db, who }) => me(db, who),
  }),
  route({
    method: "POST",
    path: "/api/accounts",
    tag: "identity",
    summary: "Create a local account (name and password).",
    body: ZRegister,
    status: 201,
    call: ({ db, body }) => registerLocal(db, body),
  }),
  route({
    method: "GET",
    path: "/api/agents",
    tag: "identity",
    summary: "Your agent identities (tokens are never shown again).",
    call: ({ db, who }) => listAgents(db, who),
  }),
  route({
    method: "POST",
    path: "/api/agents",
    tag: "identity",
    summary: "Create an agent identity; the answer holds its bearer token, shown once.",
    body: ZCreateAgent,
    status: 201,
    call: ({ db, who, body }) => createAgent(db, who, body),
  }),
  route({
    method: "POST",
    path: "/api/agents/:id/revoke",
    tag: "identity",
    summary: "Revoke an agent's token; it stops working at once.",
    call: ({ db, who, params }) => revokeAgent(db, who, { id: params.id }),
  }),
  route({
    method: "GET",
    path: "/api/health",
    tag: "meta",
    summary:
      "Health: 200 when the process serves and its database answers; 503 (with Retry-After) when it does not.",
    call: ({ db }) => health(db),
  }),
];

export const REST_ROUTES: RestRoute[] = [...foundation, ...GAME_ROUTES, ...COUNCIL_ROUTES, ...PLAN_ROUTES];
