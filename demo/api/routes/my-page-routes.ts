import { Hono, type Context } from "hono";
import * as v from "valibot";
import { SENT_CODE_PATTERN } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { IdInput, IdText, parseInput, readJson, validated, validatedBody } from "../http-errors.ts";
import { cancelSeriesRest, cancelByCustomer, moveByCustomer, seriesRestPreview } from "../my-page/appointment-changes.ts";
import { upcomingAppointments } from "../my-page/customer-appointments.ts";
import { customerByLogin } from "../my-page/customer-login.ts";
import { logInWithMyPageCode, sendMyPageCode } from "../my-page/my-page-codes.ts";
import { requireProvider } from "../providers/provider-queries.ts";
import { LoginText, PhoneOrEmailLogin } from "../customers/customer-profile.ts";

const Token = v.pipe(v.string("is required"), v.minLength(1, "is required"), v.maxLength(200));
const CodeRequest = v.object({ adminId: IdInput, login: PhoneOrEmailLogin });
const CodeLogin = v.object({
  adminId: IdInput,
  login: PhoneOrEmailLogin,
  code: v.pipe(v.string("is required"), v.regex(SENT_CODE_PATTERN, "must be 5 digits")),
});
const Whole = (min: number, max: number) =>
  v.pipe(v.number("must be a number"), v.integer("must be a whole number"), v.minValue(min), v.maxValue(max));

const LoginParams = v.object({ customerToken: Token, userId: IdText, phoneNumber: LoginText });
const AppointmentsQuery = v.object({ customerToken: Token, userId: IdInput, phoneNumber: LoginText });
const CancelQuery = v.object({ appointmentId: IdText, customerToken: Token, phoneNumber: LoginText, userId: IdText });
const ChangeBody = v.object({
  year: Whole(2000, 2200),
  month: Whole(1, 12),
  day: Whole(1, 31),
  hour: Whole(0, 23),
  minute: Whole(0, 59),
  serviceIds: v.pipe(v.array(IdInput), v.minLength(1, "choose at least one service"), v.maxLength(50)),
  phoneNumber: LoginText,
  appointmentId: IdInput,
  adminId: IdInput,
  customerToken: Token,
  /** Series extension (issue 42): the later occurrences of its series move with it. */
  restOfSeries: v.optional(v.boolean()),
});

/**
 * The My Page calls of spec §7: the customer by token, their appointments, cancel and
 * move; and (issue 57) a login code sent now and the login with it. Where the spec names
 * a phone number, an account proven by e-mail alone gives its e-mail address.
 */
export function myPageRoutes(deps: ApiDeps) {
  const { db, clock } = deps;
  const login = async (c: Context, input: { userId: number; customerToken: string; phoneNumber: string }) => {
    const provider = await requireProvider(db, input.userId);
    return { provider, customer: await customerByLogin(deps, c, provider.userId, input.customerToken, input.phoneNumber) };
  };
  const appointments = async (c: Context, input: unknown) => {
    const now = clock.now();
    const { provider, customer } = await login(c, parseInput(AppointmentsQuery, input, "request"));
    return c.json(await upcomingAppointments(db, provider, customer.id, now));
  };

  return new Hono()
    .post("/CustomerAccount/loginCode", validatedBody(CodeRequest, "login code"), async (c) => {
      const { adminId, login } = c.req.valid("json");
      await sendMyPageCode(deps, c, await requireProvider(db, adminId), login);
      // The same answer whether an account was found (and a message sent) or not.
      return c.json({ channel: login.channel, to: login.login });
    })
    .post("/CustomerAccount/byCode", validatedBody(CodeLogin, "login"), async (c) => {
      const { adminId, login, code } = c.req.valid("json");
      return c.json(await logInWithMyPageCode(deps, c, await requireProvider(db, adminId), login, code));
    })
    .get("/Customer/FetchByToken/:customerToken/:userId/:phoneNumber", validated("param", LoginParams), async (c) => {
      const now = clock.now();
      const { provider, customer } = await login(c, c.req.valid("param"));
      const { id, ...account } = customer;
      return c.json({ customer: account, appointments: await upcomingAppointments(db, provider, id, now) });
    })
    .get("/Appointment/forCustomerAccount", (c) => appointments(c, c.req.query()))
    .post("/Appointment/forCustomerAccount", async (c) => appointments(c, { ...c.req.query(), ...(await readJson(c)) }))
    .post("/Appointment/cancelByCustomer", validated("query", CancelQuery), async (c) => {
      const query = c.req.valid("query");
      const now = clock.now();
      const { provider, customer } = await login(c, query);
      const cancelled = await cancelByCustomer(deps, provider, customer.id, query.appointmentId, now);
      deps.metrics.bookings.inc({ event: "cancelled" });
      return c.json(cancelled);
    })
    .post("/Appointment/cancelSeriesByCustomer", validated("query", CancelQuery), async (c) => {
      // Series extension (issue 42): this occurrence and every later one of its series.
      const query = c.req.valid("query");
      const now = clock.now();
      const { provider, customer } = await login(c, query);
      const cancelled = await cancelSeriesRest(deps, provider, customer.id, query.appointmentId, now);
      deps.metrics.bookings.inc({ event: "cancelled" }, cancelled.ids.length);
      return c.json(cancelled);
    })
    .get("/Appointment/cancelSeriesByCustomer/preview", validated("query", CancelQuery), async (c) => {
      // Issue 57: what the cancel above would cancel and refund, said before the customer confirms.
      const query = c.req.valid("query");
      const now = clock.now();
      const { provider, customer } = await login(c, query);
      return c.json(await seriesRestPreview(deps, provider, customer.id, query.appointmentId, now));
    })
    .put("/Appointment/ChangeAsCustomerAccount", validatedBody(ChangeBody, "change"), async (c) => {
      const body = c.req.valid("json");
      const now = clock.now();
      const { provider, customer } = await login(c, { ...body, userId: body.adminId });
      const moved = await moveByCustomer(deps, provider, customer.id, body.appointmentId, body, now);
      deps.metrics.bookings.inc({ event: "moved" });
      return c.json(moved);
    });
}
