"use client";
// Signs out through next-auth and returns home.
import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button className="btn-quiet" onClick={() => void signOut({ redirectTo: "/" })}>
      Sign out
    </button>
  );
}
