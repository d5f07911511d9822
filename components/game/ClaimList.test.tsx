// The claims a seat says, as the act form and the whisper form build them: one claim per clause up to the rules' cap,
// each row labelled, the add button disabled at the limit with the sentence why; the said box holds SAID_MAX.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SAID_CLAIMS_MAX, SAID_MAX, settingsOf, view, WORKED_EXAMPLE, type Claim } from "@/server/rules/game";
import { ClaimList } from "./ClaimList";
import { claimRoom, clausesFor, keptClaims, withClause, withNewClaim, without } from "./claimDraft";
import { SaidText } from "./SaidText";
import { TurnPanel } from "./TurnPanel";

const charter = [...WORKED_EXAMPLE.game.charter];
const settings = Object.fromEntries(charter.map((c) => [c, [...(settingsOf(c) ?? [])]]));
const three: Claim[] = [
  { clause: "beacon", setting: "doused" },
  { clause: "ledger", setting: "published" },
  { clause: "salvage", setting: "split" },
];

const list = (claims: Claim[], max = SAID_CLAIMS_MAX) =>
  renderToStaticMarkup(
    createElement(ClaimList, {
      id: "said",
      charter,
      settings,
      max,
      claims,
      onChange: () => {},
      where: "an act",
    }),
  );

/** The options of the select with this id, in order. */
const options = (html: string, id: string) => {
  const select = html.match(new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
};
const addButton = (html: string) => html.match(/<button[^>]*data-testid="said-claim-add"[^>]*>/)?.[0] ?? "";

describe("the claims list", () => {
  it("adds claims on the clauses not yet claimed, in charter order, up to one per clause", () => {
    let claims: Claim[] = [];
    for (let i = 0; i < charter.length; i++)
      claims = withNewClaim(charter, settings, claims, SAID_CLAIMS_MAX);
    expect(claims.map((c) => c.clause)).toEqual(charter);
    expect(claims.every((c) => c.setting === settings[c.clause]![0])).toBe(true);
    // full: one more changes nothing
    expect(withNewClaim(charter, settings, claims, SAID_CLAIMS_MAX)).toEqual(claims);
    // a smaller cap than the charter stops the list there
    expect(withNewClaim(charter, settings, claims.slice(0, 2), 2)).toHaveLength(2);
    expect(claimRoom(charter, 2)).toBe(2);
    expect(claimRoom(charter.slice(0, 3), SAID_CLAIMS_MAX)).toBe(3);
    // after a removal the freed clause is offered first again
    expect(withNewClaim(charter, settings, without(three, 0), SAID_CLAIMS_MAX).at(-1)).toEqual({
      clause: "beacon",
      setting: "kept",
    });
  });

  it("offers each claim its own clause and the unclaimed ones; a new clause starts at its first setting", () => {
    expect(clausesFor(charter, three, 1)).toEqual(["hold", "ledger", "pilot", "name", "chart"]);
    const moved = withClause(settings, three, 0, "salvage");
    expect(moved[0]).toEqual({ clause: "salvage", setting: "to_the_finders" });
    expect(moved.slice(1)).toEqual(three.slice(1));
  });

  it("keeps of a stored draft only what this table can say", () => {
    const draft = [
      ...three,
      { clause: "beacon", setting: "kept" }, // a second claim on beacon
      { clause: "flag", setting: "flown" }, // not on this charter
      { clause: "hold", setting: "ajar" }, // no such setting
      "hold=sealed", // the older form's one claim
      { clause: "hold", setting: "sealed" },
    ];
    expect(keptClaims(charter, settings, draft, SAID_CLAIMS_MAX)).toEqual([
      ...three,
      { clause: "hold", setting: "sealed" },
    ]);
    expect(keptClaims(charter, settings, draft, 2)).toEqual(three.slice(0, 2));
    expect(keptClaims(charter, settings, "beacon=kept", SAID_CLAIMS_MAX)).toEqual([]);
  });

  it("renders each claim as a labelled clause and setting with a remove button, and an add button with room", () => {
    const html = list(three);
    expect(html.match(/data-testid="said-claim"/g)).toHaveLength(3);
    expect(html).toContain("<legend");
    for (let i = 0; i < 3; i++) {
      expect(html).toContain(
        `<label class="sr-only" for="said-claim-${i}-clause">Claim ${i + 1}: clause</label>`,
      );
      expect(html).toMatch(
        new RegExp(`for="said-claim-${i}-setting">Claim ${i + 1}: setting of ${three[i]!.clause}<`),
      );
    }
    expect(html).toContain("Remove claim 2 (ledger = published)");
    // the second claim may move to its own clause or a free one, never to beacon or salvage (claimed above and below)
    expect(options(html, "said-claim-1-clause")).toEqual(["hold", "ledger", "pilot", "name", "chart"]);
    expect(options(html, "said-claim-2-setting")).toEqual(["to_the_finders", "to_the_owners", "split"]);
    expect(html).toMatch(/<option value="split" selected="">split<\/option>/);
    expect(addButton(html)).not.toContain("disabled");
    expect(html).toContain("3 of 7, one per clause");
  });

  it("disables the add button at the limit and says why: one per clause, and the rules' cap", () => {
    const full = list(withNewClaim(charter, settings, withNewClaim(charter, settings, [], 2), 2), 2);
    expect(addButton(full)).toContain('disabled=""');
    expect(addButton(full)).toContain('aria-describedby="said-claims-room"');
    expect(full).toMatch(/id="said-claims-room"[^>]*>2 of 2: the most an act may carry, one per clause\.</);
    let all: Claim[] = [];
    for (const _ of charter) all = withNewClaim(charter, settings, all, SAID_CLAIMS_MAX);
    expect(list(all)).toMatch(/>7 of 7: the most an act may carry/);
    expect(list([])).not.toContain("<ol");
  });
});

describe("the said box", () => {
  const box = (value: string) =>
    renderToStaticMarkup(
      createElement(SaidText, { id: "said", label: "Say", value, onChange: () => {}, max: SAID_MAX }),
    );

  it("holds SAID_MAX characters as the rules count them, and counts them live", () => {
    expect(box("")).toContain(`maxLength="${SAID_MAX}"`);
    expect(box("a".repeat(112))).toMatch(new RegExp(`data-testid="said-count">112/${SAID_MAX} characters<`));
    // an emoji is one character to the rules, two units to the browser's maxLength: the box allows for each
    const crabs = "🦀".repeat(3);
    expect(box(crabs)).toContain(`maxLength="${SAID_MAX + 3}"`);
    expect(box(crabs)).toContain(`>3/${SAID_MAX} characters<`);
  });

  it("is the turn panel's, beside the claims the panel starts with (the style guide's three)", () => {
    const ex = WORKED_EXAMPLE;
    const mid = view({ ...ex.game, acts: ex.game.acts.slice(0, 4) }, { seat: 4 }, ex.game.acts[3]!.at + 1);
    const html = renderToStaticMarkup(
      createElement(TurnPanel, {
        may: mid.may!,
        yourPayoff: mid.yourPayoff,
        charter,
        settings,
        standing: mid.standingOffer?.accord ?? null,
        charge: mid.charge,
        saidMax: SAID_MAX,
        claimsMax: SAID_CLAIMS_MAX,
        send: async () => null,
        draftKey: "test",
        startClaims: three,
      }),
    );
    expect(html).toMatch(/<textarea[^>]*id="said-text"/);
    expect(html).toContain(`maxLength="${SAID_MAX}"`);
    expect(html.match(/data-testid="said-claim"/g)).toHaveLength(3);
  });
});
