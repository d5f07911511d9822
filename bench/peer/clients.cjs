// The peer's players, in a process of their own: `tables` matches × `seats` socket.io clients of
// boardgame.io 0.50.2, each making its one move whenever its turn comes, until every match has had `moves`
// moves. Prints one JSON line: moves, seconds, and each move's latency (sent → the state where the turn moved on).
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const game = require("./game.cjs");

const [url, tables, seats, moves] = [process.argv[2], ...process.argv.slice(3).map(Number)];

async function post(path, body) {
  const r = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function match() {
  const { matchID } = await post(`/games/${game.name}/create`, { numPlayers: seats });
  const players = [];
  for (let p = 0; p < seats; p++) {
    const { playerCredentials } = await post(`/games/${game.name}/${matchID}/join`, {
      playerID: String(p),
      playerName: `p${p}`,
    });
    const client = Client({
      game,
      matchID,
      playerID: String(p),
      credentials: playerCredentials,
      multiplayer: SocketIO({ server: url }),
      debug: false,
    });
    players.push(client);
  }
  return players;
}

async function main() {
  const matches = [];
  for (let t = 0; t < tables; t++) matches.push(await match());
  // connect everyone and wait for each client's first state before timing
  await Promise.all(
    matches.flat().map(
      (c) =>
        new Promise((resolve) => {
          const un = c.subscribe((s) => {
            if (s && s.isConnected !== false && s._stateID !== undefined) {
              un?.();
              resolve();
            }
          });
          c.start();
        }),
    ),
  );
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    matches.map(
      (players) =>
        new Promise((resolve) => {
          let sentAt = 0;
          let sentTurn = -1;
          let done = 0;
          for (const c of players)
            c.subscribe((s) => {
              if (!s) return;
              if (sentTurn >= 0 && s.ctx.turn > sentTurn) {
                latencies.push(performance.now() - sentAt);
                sentTurn = -1;
                if (++done >= moves) return resolve();
              }
              if (sentTurn < 0 && s.ctx.currentPlayer === c.playerID && done < moves) {
                sentTurn = s.ctx.turn;
                sentAt = performance.now();
                c.moves.pass();
              }
            });
        }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ moves: latencies.length, seconds, latencies }));
  for (const c of matches.flat()) c.stop();
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
