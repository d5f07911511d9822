// /api/auth/* – next-auth's own routes (sign-in, callbacks, session, sign-out).
import { handlers } from "@/server/auth";

export const { GET, POST } = handlers;
