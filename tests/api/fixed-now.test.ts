import { describe, expect, it } from "vitest";
import { ServerExit, startServer } from "../support/start-server.ts";

// FIXED_NOW: `npm start`'s server with its clock standing at one instant, as the browser tests run it.
// These start the real server: on a loaded machine that takes longer than an in-process test.
describe("FIXED_NOW", { timeout: 60_000 }, () => {
  it("makes every time rule count from that instant: the seed's today, the first free time, a message's time stamp", async () => {
    // Monday 9 March 2026, 08:50 in Chicago (daylight saving time began the day before).
    const server = await startServer({ FIXED_NOW: "2026-03-09T13:50:00Z" });
    try {
      const api = (path: string, init?: RequestInit) => fetch(`${server.url}/api${path}`, init);
      const clinic = await (await api("/User/ByUser/demo-clinic")).json();
      const [category] = await (await api(`/Service/asAnonymous?userId=${clinic.userId}`)).json();
      const physio = category.services.find((s: { title: string }) => s.title === "Physiotherapy");
      expect(physio.firstAvailable).toBe("2026-03-09");
      const day = await (
        await api("/Appointment/availableHours", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ year: 2026, month: 3, day: 9, userId: clinic.userId, serviceBookings: [{ serviceId: physio.id }] }),
        })
      ).json();
      // From 10:50 (the clinic's two hours' notice), less the therapists' lunch, 12:00–12:45.
      expect(day.hoursToBook.map((h: { backendLabel: string }) => h.backendLabel)).toEqual([
        "11:00",
        "13:00",
        "13:30",
        "14:00",
        "14:30",
        "15:00",
      ]);
      // Jamie's vacation, seeded as today to today+13 in New York.
      const salon = await (await api("/User/ByUser/demo-salon")).json();
      const vacations = await (await api(`/VacationDays/asAnonymous?userId=${salon.userId}`)).json();
      expect(vacations).toEqual([{ fromDate: "2026-03-09", toDate: "2026-03-22", staffMemberId: expect.any(Number) }]);
      // A verification code's message is stamped with the fixed instant.
      await api(`/Appointment/verificationCode?userId=${clinic.userId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ emailAddress: "fixed@example.com" }),
      });
      const [message] = await (await api("/dev/outbox?to=fixed%40example.com")).json();
      expect(new Date(message.createdAt).toISOString()).toBe("2026-03-09T13:50:00.000Z");
    } finally {
      server.stop();
    }
  });

  it("stops start-up when it is not an instant with an offset, rather than running on the real clock", async () => {
    for (const value of ["tomorrow", "2026-03-09T13:50:00"]) {
      const failure = await startServer({ FIXED_NOW: value }).then(
        (server) => {
          server.stop();
          throw new Error(`the server started with FIXED_NOW=${value}`);
        },
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ServerExit);
      expect((failure as ServerExit).output).toContain(
        `FIXED_NOW must be an ISO 8601 instant with an offset, such as 2026-03-08T06:59:00Z (got \\"${value}\\")`,
      );
    }
  });
});
