import autocannon from "autocannon";
import { startServer } from "../../support/start-server.ts";
const s = await startServer(
  { TRUST_PROXY: "1" },
  undefined,
  undefined,
  process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof", "demo/dist/server.js"] : undefined,
);
const page = (await (await fetch(`${s.url}/api/User/ByUser/demo-salon`)).json()) as { userId: number };
const services = (
  (await (await fetch(`${s.url}/api/Service/asAnonymous?userId=${page.userId}`)).json()) as { services: { id: number }[] }[]
).flatMap((c) => c.services.map((x) => x.id));
const inst = autocannon({
  url: s.url,
  connections: 1000,
  duration: 8,
  requests: [
    {
      method: "POST",
      path: "/api/Appointment/availableHours/month",
      setupRequest: (r) => ({
        ...r,
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify({
          userId: page.userId,
          year: 2026,
          month: 12,
          day: 1,
          serviceBookings: [{ serviceId: services[Math.floor(Math.random() * services.length)] }],
          staffMemberId: null,
        }),
      }),
    },
  ],
});
const t0 = performance.now();
for (let i = 0; i < 14; i++) {
  await new Promise((r) => setTimeout(r, 500));
  const a = performance.now();
  const h = await fetch(`${s.url}/healthz`);
  const b = performance.now();
  const sv = await fetch(`${s.url}/api/Service/asAnonymous?userId=${page.userId}`, { headers: { "x-forwarded-for": "100.64.0.1" } });
  await sv.text();
  const c = performance.now();
  const m = await (await fetch(`${s.url}/metrics`)).text();
  console.log(
    Math.round(a - t0),
    "healthz",
    Math.round(b - a),
    "services",
    sv.status,
    Math.round(c - b),
    /booking_event_loop_delay_seconds\{quantile="1"\} (\S+)/.exec(m)?.[1],
    /booking_requests_in_flight (\S+)/.exec(m)?.[1],
    /booking_requests_queued (\S+)/.exec(m)?.[1],
  );
}
await inst;
await s.stopped();
