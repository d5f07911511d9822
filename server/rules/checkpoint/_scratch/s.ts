import { audit } from "@/server/rules/checkpoint";
import ex from "../fixtures/checkpoint-valid.json" with { type: "json" };
console.log(JSON.stringify(audit(ex)));
const c = structuredClone(ex); c.nodes[0]!.dependsOn = ["publish"];
console.log(JSON.stringify(audit(c), null, 1));
console.log(JSON.stringify(audit({})).slice(0, 300));
