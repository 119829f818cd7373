import { Agent, request } from "node:http";
import type { Provider, Service } from "../../../src/contract/schemas/index.ts";
import { bookingRequest } from "../../support/booking-helpers.ts";

/** One step of an honest journey: its time (its waits and retries included) and its last answer's status. */
export interface Step {
  name: string;
  ms: number;
  status: number | "error";
  /** The statuses of the attempts before the last (429s and 503s asked again). */
  retried: (number | "error")[];
}

export interface Journey {
  steps: Step[];
  booked: boolean;
}

/** One HTTP request on `agent`: status, Retry-After and body text (the bench's own client: no pool shared with anything else). */
function send(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; text: string }>((resolve, reject) => {
    const asked = request(url, { agent, method, headers, timeout: 30_000 }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, retryAfter: answer.headers["retry-after"], text }));
      answer.on("error", reject);
    });
    asked.on("timeout", () => asked.destroy(new Error("timed out")));
    asked.on("error", reject);
    asked.end(body);
  });
}

/**
 * An honest visitor of `bookingLink` (a page that verifies no one) who books through the
 * API as the widget does: the page, its services, a month, the first day with hours in it,
 * a hold on one of them, and the booking. Each journey comes from an address of its own
 * network, as visitors do (the per-address day's booking limit is never its problem). A
 * 429 or 503 is asked again after its Retry-After, at most twice, as the widget does.
 * Like a browser (or a reverse proxy in front of the API), it keeps its one connection
 * open between requests.
 */
export function honestVisitor(baseUrl: string, bookingLink: string) {
  let journeys = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    async journey(): Promise<Journey> {
      journeys++;
      const address = `100.${64 + ((journeys >> 8) & 63)}.${journeys & 255}.10`;
      const steps: Step[] = [];
      const step = async <T>(name: string, path: string, body?: unknown): Promise<T | undefined> => {
        const started = performance.now();
        let status: Step["status"] = "error";
        let answer: T | undefined;
        const retried: Step["retried"] = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            const response = await send(
              agent,
              `${baseUrl}/api${path}`,
              body === undefined ? "GET" : "POST",
              { "content-type": "application/json", "x-forwarded-for": address },
              body === undefined ? undefined : JSON.stringify(body),
            );
            status = response.status;
            if (status >= 200 && status < 300) {
              answer = JSON.parse(response.text) as T;
              break;
            }
            if (status !== 429 && status !== 503) break;
            const wait = Number(response.retryAfter ?? 1);
            if (attempt < 2) retried.push(status);
            if (attempt < 2) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
          } catch {
            status = "error";
            break;
          }
        }
        steps.push({ name, ms: performance.now() - started, status, retried });
        return answer;
      };
      const fail = () => ({ steps, booked: false });

      const page = await step<{ userId: number }>("page", `/User/ByUser/${bookingLink}`);
      if (!page) return fail();
      const categories = await step<{ services: { id: number; onlinePayment?: unknown; firstAvailable?: string }[] }[]>(
        "services",
        `/Service/asAnonymous?userId=${page.userId}`,
      );
      const service = categories?.flatMap((category) => category.services).find((each) => !each.onlinePayment && each.firstAvailable);
      if (!service?.firstAvailable) return fail();
      const [year, month] = service.firstAvailable.split("-").map(Number) as [number, number];
      const asked = { userId: page.userId, year, month, day: 1, serviceBookings: [{ serviceId: service.id }], staffMemberId: null };
      const days = await step<{ iso: string; hoursToBook: unknown[] }[]>("month", "/Appointment/availableHours/month", asked);
      // Visitors spread over the days that have hours: later journeys take later days.
      const open = days?.filter((day) => day.hoursToBook.length > 0) ?? [];
      const chosen = open[journeys % Math.max(1, open.length)];
      if (!chosen) return fail();
      const [, , dayOfMonth] = chosen.iso.split("-").map(Number) as [number, number, number];
      const day = await step<{ hoursToBook: { backendLabel: string }[] }>("day", "/Appointment/availableHours", {
        ...asked,
        day: dayOfMonth,
      });
      const hours = day?.hoursToBook ?? [];
      const time = hours[Math.floor(Math.random() * hours.length)];
      if (!time) return fail();
      const [hour, minute] = time.backendLabel.split(":").map(Number) as [number, number];
      const held = await step<{ holdToken: string }>("hold", "/Appointment/hold", { ...asked, day: dayOfMonth, hour, minute });
      if (!held) return fail();
      const booking = await step<{ id: number }>(
        "booking",
        `/Appointment?userId=${page.userId}`,
        bookingRequest({ userId: page.userId } as Provider, { id: service.id } as Service, chosen.iso, time.backendLabel, {
          holdToken: held.holdToken,
          phoneNumber: `212555${String(1000 + (journeys % 9000)).padStart(4, "0")}`,
          phoneNumberCountryCode: 1,
          emailAddress: `honest${journeys}@example.com`,
          firstName: "Honest Visitor",
          customFields: [],
          smsReceipt: false,
          emailReminder: false,
        }),
      );
      return { steps, booked: booking !== undefined };
    },
  };
}
