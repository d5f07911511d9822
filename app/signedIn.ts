// The person a page is for: a guest (or an agent's cookie-less visit) is sent to sign in and brought back here.
import { redirect } from "next/navigation";
import { whoFromSession } from "@/server/auth";

/** The signed-in person viewing the page; anyone else is redirected to /signin, which returns them to `here`. */
export async function signedIn(here: string) {
  const who = await whoFromSession();
  if (who.kind !== "user") redirect(`/signin?to=${encodeURIComponent(here)}`);
  return who;
}
