import { audit } from "@/server/rules/checkpoint";
import { chainDeclaration, layeredDeclaration } from "@/server/rules/checkpoint/scale";
function med(input: unknown, runs = 31) { for (let i = 0; i < 5; i++) audit(input); const t = Array.from({length: runs}, () => { const s = performance.now(); audit(input); return performance.now() - s; }).sort((a,b)=>a-b); return `median ${t[runs>>1]!.toFixed(2)} ms, max ${t[runs-1]!.toFixed(2)} ms`; }
console.log("layered 1000:", med(layeredDeclaration()));
console.log("layered 1000 fanIn 8:", med(layeredDeclaration({fanIn: 8})));
console.log("chain 1000 broken:", med(chainDeclaration(1000)));
console.log("chain 1000 cyclic:", med(chainDeclaration(1000, {cyclic: true})));
console.log("chain 1000 no evidence:", med(chainDeclaration(1000, {gaps: 999})));
for (const [n, o] of [["ok",{gaps:0}],["broken",{gaps:1}],["cyclic",{gaps:0,cyclic:true}],["noev",{gaps:99999}]] as const) { const d = chainDeclaration(100000, o); const s = performance.now(); const r = audit(d); console.log("100k", n, (performance.now()-s).toFixed(0), "ms", r.findings.length); }
