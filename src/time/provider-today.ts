import { todayIn } from "../contract/zoned-time.ts";
import { now } from "./now.ts";

/** Today (YYYY-MM-DD) in the provider's zone, by the widget's one clock (now.ts). */
export const providerToday = (timeZone: string): string => todayIn(timeZone, now());
