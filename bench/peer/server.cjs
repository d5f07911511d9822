// boardgame.io 0.50.2's own server, in memory (its default storage: no durability), for `npm run bench`.
// Run with NODE_PATH at the temporary folder the bench installed it into; the port is PORT or the first argument.
const { Server, Origins } = require("boardgame.io/server");
const game = require("./game.cjs");

const server = Server({ games: [game], origins: [Origins.LOCALHOST] });
server.run(Number(process.env.PORT ?? process.argv[2]), () => console.log("ready"));
