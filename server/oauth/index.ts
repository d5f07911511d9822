// Parley's OAuth 2.1 authorization server for its MCP clients: what the rest of the app may use of it.
export { OAUTH_PATHS, serveOAuth } from "./router";
export { resourceMetadataUrl } from "./resource";
