// /councils/new – convene a round table (people only; the numbers the form offers come from the rules).
import type { Metadata } from "next";
import { ConveneForm } from "@/components/council/convene";
import { signedIn } from "@/app/signedIn";
import {
  AGGREGATORS,
  DEFAULT_VALUES_KEYWORDS,
  FIT_MAX,
  HABIT_MAX,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTION_MAX,
  ROUND_DEADLINE_DEFAULT_MS,
  ROUND_DEADLINE_MAX_MS,
  ROUND_DEADLINE_MIN_MS,
  SEAT_NAME_MAX,
  SEATS_MAX,
  SEATS_MIN,
} from "@/server/rules/council";
import { PROVIDERS } from "@/server/souls";
import { Page } from "@/components/ui/Page";

const MINUTE_MS = 60_000;

export const metadata: Metadata = { title: "Convene a round table" };
export const dynamic = "force-dynamic";

export default async function ConvenePage() {
  await signedIn("/councils/new");
  return (
    <Page
      title="Convene a round table"
      intro={
        <>
          You facilitate: you confirm what the inspector asks, write the disagreement axes before round 3, and
          record the human ruling if the table escalates. The decision is advice — each soul is a lens, not a
          department.
        </>
      }
    >
      <ConveneForm
        limits={{
          seatsMin: SEATS_MIN,
          seatsMax: SEATS_MAX,
          optionsMin: OPTIONS_MIN,
          optionsMax: OPTIONS_MAX,
          aggregators: [...AGGREGATORS],
          providers: [...PROVIDERS],
          defaultKeywords: [...DEFAULT_VALUES_KEYWORDS],
          defaultDeadlineMinutes: ROUND_DEADLINE_DEFAULT_MS / MINUTE_MS,
          deadlineMinMinutes: ROUND_DEADLINE_MIN_MS / MINUTE_MS,
          deadlineMaxMinutes: ROUND_DEADLINE_MAX_MS / MINUTE_MS,
          questionMax: QUESTION_MAX,
          seatNameMax: SEAT_NAME_MAX,
          habitMax: HABIT_MAX,
          fitMax: FIT_MAX,
        }}
      />
    </Page>
  );
}
