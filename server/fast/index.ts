// The fast lane's surface for the app's process (server/main.ts): its routing to the doors, and a page's render
// charged to who asks before Next answers it. A door's own tests serve it with lane.ts's servePlain, which loads no
// door (and so not next-auth).
export { route } from "./doors";
export { servePage } from "./pages";
