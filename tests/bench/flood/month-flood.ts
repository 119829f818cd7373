import autocannon from "autocannon";

/**
 * One flood of the bench (flood-bench.ts runs it as a process of its own): 1,000 month
 * requests in flight for FLOOD_SECONDS to FLOOD_URL, for page FLOOD_USER_ID, a random one
 * of FLOOD_SERVICES and one of the next three months; from one address
 * (FLOOD_ADDRESSES=one) or each from a random one over the whole IPv4 space, as a
 * botnet's (many). Prints the answers by status as JSON.
 */
const url = process.env.FLOOD_URL!;
const userId = Number(process.env.FLOOD_USER_ID);
const services = process.env.FLOOD_SERVICES!.split(",").map(Number);
const seconds = Number(process.env.FLOOD_SECONDS ?? 8);
const randomAddress = () =>
  `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const address = process.env.FLOOD_ADDRESSES === "one" ? () => "198.51.100.7" : randomAddress;
const today = new Date();
const statuses: Record<string, number> = {};

const instance = autocannon(
  {
    url,
    connections: 1_000,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: "/api/Appointment/availableHours/month",
        setupRequest: (request) => {
          const asked = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + Math.floor(Math.random() * 3), 1));
          return {
            ...request,
            headers: { "content-type": "application/json", "x-forwarded-for": address(), "accept-encoding": "gzip, deflate, br" },
            body: JSON.stringify({
              userId,
              year: asked.getUTCFullYear(),
              month: asked.getUTCMonth() + 1,
              day: 1,
              serviceBookings: [{ serviceId: services[Math.floor(Math.random() * services.length)] }],
              staffMemberId: null,
            }),
          };
        },
      },
    ],
  },
  (error) => {
    if (error) throw error;
    process.stdout.write(JSON.stringify({ statuses }));
  },
);
instance.on("response", ((_client: unknown, status: number) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
}) as never);
instance.on("reqError", () => {
  statuses.error = (statuses.error ?? 0) + 1;
});
