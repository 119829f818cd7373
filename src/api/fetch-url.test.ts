import * as ufo from "ufo";
import { describe, expect, it } from "vitest";
import { withBase, withQuery } from "./fetch-url.ts";

// The widget's build puts these two in ufo's place under ofetch: they must answer as ufo does.
const bases = [
  undefined,
  "",
  "/",
  "/api",
  "/api/",
  "https://booking.example.com/api",
  "https://booking.example.com/api/",
  "http://127.0.0.1:8080/api",
  "//cdn.example.com/api",
  "HTTPS://Booking.example.com/API",
];
const paths = [
  "Service/asAnonymous",
  "/Service/asAnonymous",
  "./User/ByUser/demo%20salon%2Fx",
  "Customer/FetchByToken/a%2Fb/3/ola%40example.com",
  "Appointment/verificationCode/",
  "Appointment?userId=3",
  "Appointment?userId=3&userId=4#top",
  "",
  "/",
  "/api",
  "/api/Service",
  "/apiary",
  "https://other.example.com/x?y=1",
  "payments/pay%20ment?x=a+b",
];
const queries: Record<string, unknown>[] = [
  {},
  { userId: 3 },
  { userId: 3, serviceIds: "1,2", empty: undefined },
  { id: "demo salon/x&y=z#h", flag: true, off: false, zero: 0, none: "" },
  { list: [1, "a b", "c+d"], obj: { a: 1 }, "k=ey": "v`^|" },
  { userId: "7" },
];

describe("the URL helpers the widget's build gives ofetch in ufo's place", () => {
  it.each(bases.flatMap((base) => paths.map((path) => [base, path] as const)))("withBase(%j, %j) is ufo's", (base, path) => {
    expect(withBase(path, base)).toBe(ufo.withBase(path, base as string));
  });

  it.each(bases.flatMap((base) => paths.flatMap((path) => queries.map((query) => [ufo.withBase(path, base as string), query] as const))))(
    "withQuery(%j, %j) is ufo's",
    (input, query) => {
      expect(withQuery(input, query)).toBe(ufo.withQuery(input, query as ufo.QueryObject));
    },
  );
});
