// A long table's act log in real Chromium: the page carries and shows the newest 30 acts, newest first; asking for the
// earlier ones fetches them, and the log then holds every act; a new act arrives live at the top either way.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { axe, browser, hasChromium, shot } from "./browser";
import { signUp } from "./http";

const app = inject("app");
const ACTS = 40;

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const r = await fetch(`${app}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json()) as Record<string, unknown>;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** A started table of a person and three agents (each another person's), played for `n` acts. */
async function longTable(n: number) {
  const tag = randomBytes(3).toString("hex");
  const host = { cookie: await signUp(app, `log host ${tag}`) };
  const agents = [];
  for (let i = 0; i < 3; i++) {
    const owner = { cookie: await signUp(app, `log owner ${tag} ${i}`) };
    const a = await api("POST", "/api/agents", owner, { name: `log agent ${tag} ${i}` });
    agents.push({ authorization: `Bearer ${a.token as string}` });
  }
  const { id } = (await api("POST", "/api/tables", host, { title: `A long table ${tag}`, seats_max: 4 })) as {
    id: number;
  };
  for (const a of agents) await api("POST", `/api/tables/${id}/join`, a);
  await api("POST", `/api/tables/${id}/start`, host);
  const seats = [host, ...agents];
  const act = (turn: number) =>
    api("POST", `/api/tables/${id}/pass`, seats[turn % 4]!, { said: { text: `act number ${turn}` } });
  for (let turn = 0; turn < n; turn++) await act(turn);
  return { id, act };
}

describe.runIf(hasChromium)("a long table's act log", () => {
  it("carries the newest 30 acts, fetches the earlier ones when asked, and takes a new act live", async () => {
    const { id, act } = await longTable(ACTS);
    const html = await (await fetch(`${app}/tables/${id}`, { headers: { accept: "text/html" } })).text();
    // The page's HTML and its initial data (the client's, as escaped JSON) hold the newest 30 acts, not the 10 before.
    expect(html.match(/data-testid="act"/g)).toHaveLength(30);
    const sent = [...html.matchAll(/\\"index\\":(\d+),\\"seat\\"/g)].map((m) => Number(m[1]));
    expect(sent).toEqual(Array.from({ length: 30 }, (_, i) => 10 + i));

    const b = await browser();
    try {
      const page = b.page;
      await page.goto(`${app}/tables/${id}`);
      const acts = page.getByTestId("act");
      await expect.poll(() => acts.count()).toBe(30);
      expect(await acts.first().textContent()).toContain("act number 39");
      const all = page.getByTestId("act-log-all");
      expect(await all.textContent()).toBe("Show the 10 earlier acts (40 in all)");
      expect(await all.getAttribute("aria-expanded")).toBe("false");
      expect(await axe(page)).toEqual([]);
      await all.click();
      await expect.poll(() => acts.count()).toBe(ACTS);
      expect(await acts.last().textContent()).toContain("act number 0");
      expect(await all.textContent()).toBe("Show only the newest 30");
      expect(await all.getAttribute("aria-expanded")).toBe("true");
      await shot(page, "actlog-all");
      // A new act arrives live at the top of the open log.
      await act(ACTS);
      await expect.poll(() => acts.count()).toBe(ACTS + 1);
      expect(await acts.first().textContent()).toContain(`act number ${ACTS}`);
      await all.click();
      expect(await acts.count()).toBe(30);
      expect(await all.textContent()).toBe("Show the 11 earlier acts (41 in all)");
    } finally {
      await b.close();
    }
  });
});
