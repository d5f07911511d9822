// Each module registers its sweepers, demo data, JSON API routes and MCP tools here; the doors read the registries.
export {};
