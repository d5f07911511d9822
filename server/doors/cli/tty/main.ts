// `parley tty` (filled in by the terminal door work).
export async function runTty(_args: string[], io: { stderr: (s: string) => void }): Promise<number> {
  io.stderr("parley tty: not built yet\n");
  return 1;
}
