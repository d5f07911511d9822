// `parley game replay|deal` (filled in by the game CLI work).
export function gameCli(
  _argv: string[],
  _io: { readFile(path: string): string },
): { stdout: string; stderr: string; code: number } {
  return { stdout: "", stderr: "parley game: not built yet\n", code: 1 };
}
