import { audit } from "@/server/rules/checkpoint";
import { chainDeclaration } from "@/server/rules/checkpoint/scale";
const c = chainDeclaration(100000, {gaps: 0});
for (let i = 0; i < 3; i++) audit(c);
