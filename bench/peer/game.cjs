// The peer's game for the bench: boardgame.io's own shape (plain data and pure moves), one move per turn, as
// Parley's tables are played in the bench (each seat passes in turn). Loaded by the server and the clients.
module.exports = {
  name: "parley-bench",
  setup: () => ({ moves: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // client: false — the server alone runs the move, so a player sees its move when the server has taken it
    // (no optimistic local update that would time nothing but the client)
    pass: {
      move: ({ G }) => {
        G.moves += 1;
      },
      client: false,
    },
  },
};
