// How the game's words are shown: "to_the_finders" reads "to the finders".
export const say = (s: string) => s.replaceAll("_", " ");
export const claimText = (c: { clause: string; setting: string }) => `${c.clause} = ${say(c.setting)}`;
