import { checkSchema } from "@/server/rules/checkpoint/schema";
import { audit } from "@/server/rules/checkpoint";
import { chainDeclaration, layeredDeclaration } from "@/server/rules/checkpoint/scale";
const time = (f: () => unknown, runs = 21) => { for (let i=0;i<3;i++) f(); const t = Array.from({length: runs}, () => { const s = performance.now(); f(); return performance.now() - s; }).sort((a,b)=>a-b); return t[runs>>1]!.toFixed(2); };
const l = layeredDeclaration();
console.log("layered schema", time(() => checkSchema(l)), "audit", time(() => audit(l)));
const c = chainDeclaration(100000, {gaps: 0});
console.log("100k schema", time(() => checkSchema(c), 3), "audit", time(() => audit(c), 3));
