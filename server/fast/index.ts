// The fast lane's surface: the app's routing to its doors (server/main.ts), a plain door served from node's own
// request and response, and a page's render charged to who asks before Next answers it.
export { route } from "./doors";
export { servePlain } from "./lane";
export { servePage } from "./pages";
