"use client";
// The turn panel as /style shows it: live controls, but nothing is sent anywhere.
import type { ComponentProps } from "react";
import { TurnPanel } from "./TurnPanel";

export function StyleTurn(props: Omit<ComponentProps<typeof TurnPanel>, "send">) {
  return <TurnPanel {...props} send={async () => "This is the style guide: nothing is sent."} />;
}
