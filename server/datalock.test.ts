// The embedded database's lock: refused while its owner lives, taken over after the owner died.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./datalock";

const dir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-lock-")), "pglite");

describe("the data directory lock", () => {
  it("is taken and released", async () => {
    const d = dir();
    const release = lockDataDir(d);
    expect(fs.readFileSync(`${d}.lock`, "utf8")).toBe(String(process.pid));
    await release();
    expect(fs.existsSync(`${d}.lock`)).toBe(false);
  });

  it("refuses a second process while the owner lives", () => {
    const d = dir();
    fs.writeFileSync(`${d}.lock`, "1"); // pid 1 always lives
    expect(() => lockDataDir(d)).toThrow(/in use by process 1/);
  });

  it("takes over the lock of a process that died (kill -9 leaves it behind)", async () => {
    const d = dir();
    fs.writeFileSync(`${d}.lock`, "2147483646");
    const release = lockDataDir(d);
    expect(fs.readFileSync(`${d}.lock`, "utf8")).toBe(String(process.pid));
    await release();
  });
});
