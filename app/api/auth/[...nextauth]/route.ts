// /api/auth/* – next-auth's own routes (sign-in, callbacks, session, sign-out); its POSTs behind their own floor.
import { authPost, handlers } from "@/server/auth";

export const { GET } = handlers;
export const POST = authPost;
