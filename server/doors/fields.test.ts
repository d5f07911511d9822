// A refusal names the field it is about (the JSON API's error body `field`, tRPC's error data), so a form can show
// it beside that field: from the input's shape (a zod path, an unknown key) and from the rules (a title too long, a
// deadline shorter than two windows, a repeated option or seat name).
import { describe, expect, it } from "vitest";
import { api } from "../testing/doors";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { fixedClock } from "../clock";
import { modelSeat, table } from "../actions/council/testing";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("the field a refusal is about", () => {
  it("opening a table: each wrong field is named, by the input's own name", async () => {
    const as = api(db.prisma, await makeUser(db, "fields"), { clock });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(81) }, "title"],
      [{ title: "ok", seats_max: 9 }, "seats_max"],
      [{ title: "ok", turn_window_ms: 1 }, "turn_window_ms"],
      [{ title: "ok", turn_window_ms: 6 * 3_600_000, deadline_ms: 7 * 3_600_000 }, "deadline_ms"],
      [{ title: "ok", seats_max: "four" }, "seats_max"],
      [{ title: "ok", volume: 11 }, "volume"],
    ];
    for (const [body, field] of cases) {
      const r = await as("POST", "/api/tables", body);
      expect([r.status, r.body.error.field], JSON.stringify(body)).toEqual([422, field]);
    }
    // A refusal about no field carries none.
    const other = await as("POST", "/api/tables/999999/join");
    expect(other.body.error).not.toHaveProperty("field");
  });

  it("convening: a repeated option and a repeated seat name are about the second of each", async () => {
    const as = api(db.prisma, await makeUser(db, "fields-c"), { clock });
    const seats = [modelSeat("a"), modelSeat("b"), modelSeat("c")];
    const twice = await as("POST", "/api/councils", table(seats, { options: ["ship", "hold", "ship"] }));
    expect(twice.body.error).toMatchObject({ code: "invalid", field: "options.2" });
    const named = await as("POST", "/api/councils", table([...seats, modelSeat("B")]));
    expect(named.body.error).toMatchObject({ code: "invalid", field: "seats.3.name" });
    const shape = await as("POST", "/api/councils", table(seats, { options: ["ship", ""] }));
    expect(shape.body.error.field).toBe("options.1");
  });
});
