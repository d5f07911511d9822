// A refusal names its field by path ("options.0", "seats.2.soul", "nodes.3.depends_on"): said to a person it reads
// "Option 1", "Seat 3's soul", "Node 4's depends on". The server's sentence is kept; only its leading path is put in
// words, and the field it names is returned so a form can show the sentence beside that field.
const NOUN: Record<string, string> = {
  options: "Option",
  seats: "Seat",
  nodes: "Node",
  waves: "Wave",
  claims: "Claim",
  outcomes: "Outcome",
  risks: "Risk",
};

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();

export function fieldWords(message: string): { field: string | null; text: string } {
  const m = /^"([^"]+)"(:?)\s*(.*)$/s.exec(message);
  if (!m) return { field: null, text: message };
  const path = m[1]!.split(".");
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    if (next !== undefined && /^\d+$/.test(next) && NOUN[key]) {
      parts.push(`${NOUN[key]} ${Number(next) + 1}`);
      i++;
    } else parts.push(words(key));
  }
  const [first = "", ...rest] = parts;
  const name = rest.length ? `${first}'s ${rest.join(" ")}` : first;
  const subject = name.charAt(0).toUpperCase() + name.slice(1);
  return { field: m[1]!, text: m[2] ? `${subject}: ${m[3]}` : `${subject} ${m[3]}` };
}
