"use client";
// The turn panel as /style shows it: live controls, but nothing is sent anywhere (its draft is the style guide's own).
import type { ComponentProps } from "react";
import { TurnPanel } from "./TurnPanel";

export function StyleTurn(props: Omit<ComponentProps<typeof TurnPanel>, "send" | "draftKey">) {
  return (
    <TurnPanel {...props} draftKey="style" send={async () => "This is the style guide: nothing is sent."} />
  );
}
