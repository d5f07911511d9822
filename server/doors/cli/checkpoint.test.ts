// The checkpoint CLI door: what it prints and how it exits.
import { describe, expect, it } from "vitest";
import example from "@/server/rules/checkpoint/fixtures/checkpoint-valid.json" with { type: "json" };
import { checkpointCli } from "@/server/doors/cli/checkpoint";

/** A disk of named files; reading any other path fails as fs would. */
const disk = (files: Record<string, string>) => ({
  readFile(path: string): string {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    return text;
  },
});
const withChange = (change: (d: typeof example) => void) => {
  const d = structuredClone(example);
  change(d);
  return JSON.stringify(d);
};
const io = disk({
  "valid.json": JSON.stringify(example),
  "held.json": withChange((d) => (d.approval = { required: true, present: false })),
  "invalid.json": withChange((d) => (d.outcomes[1]!.status = "partial")),
  "schema.json": "{}",
  "broken.json": '{"graphRevision": 5,',
});

describe("checkpoint audit --input FILE", () => {
  it("prints the audit with a 2-space indent and exits 0 when eligible to admit", () => {
    const answer = checkpointCli(["audit", "--input", "valid.json"], io);
    expect(answer).toEqual({
      stdout:
        '{\n  "pass": true,\n  "declarationValid": true,\n  "eligibleToAdmit": true,\n  "structuralBlocked": false,\n  "findings": [],\n  "scope": "supplied-declaration-consistency-only"\n}\n',
      stderr: "",
      code: 0,
    });
    expect(checkpointCli(["audit", "--input=valid.json"], io).code).toBe(0);
  });

  it.each([
    ["valid but held", "held.json", "approval-required"],
    ["invalid", "invalid.json", "next-wave-dependency-not-success"],
    ["malformed", "schema.json", "schema-required"],
  ])("prints a %s declaration's audit and exits 1", (_, file, id) => {
    const answer = checkpointCli(["audit", "--input", file], io);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toBe("");
    expect(JSON.parse(answer.stdout).findings[0].id).toBe(id);
  });

  it.each([
    [[]],
    [["audit"]],
    [["audit", "--input"]],
    [["audit", "--input", ""]],
    [["audit", "--input="]],
    [["audit", "valid.json"]],
    [["inspect", "--input", "valid.json"]],
    [["audit", "--input", "valid.json", "--verbose"]],
  ])("refuses arguments %j with one usage line and exit 1", (argv) => {
    expect(checkpointCli(argv, io)).toEqual({
      stdout: "",
      stderr: "checkpoint: usage: parley checkpoint audit --input FILE\n",
      code: 1,
    });
  });

  it("says in one line when the file cannot be read or is not JSON", () => {
    const missing = checkpointCli(["audit", "--input", "nope.json"], io);
    expect(missing).toEqual({
      stdout: "",
      stderr: "checkpoint: cannot read nope.json: ENOENT: no such file or directory, open 'nope.json'\n",
      code: 1,
    });
    const broken = checkpointCli(["audit", "--input", "broken.json"], io);
    expect(broken.stdout).toBe("");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^checkpoint: broken\.json is not JSON: [^\n]+\n$/);
  });
});
