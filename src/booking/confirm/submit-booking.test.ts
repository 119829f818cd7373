import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import type { BookingRequest, CustomerAccount } from "../../contract/schemas/index.ts";
import { submitBooking, verifyAndBook } from "./submit-booking.ts";

const request = {
  userId: 4,
  firstName: "Ola",
  emailAddress: "ola@example.com",
  phoneNumber: "3125550199",
  phoneNumberCountryCode: 1,
  customerAccountIdentificationCode: null,
} as BookingRequest;
const confirmation = {
  id: 9,
  start: "2026-12-01T14:00:00.000Z",
  end: "2026-12-01T14:45:00.000Z",
  status: "confirmed" as const,
  holdExpiresAt: null,
};
const refused = (status: number, serverMessage: string) => new ApiError({ kind: "http", path: "Appointment", status, serverMessage });
const account = { customerAccountIdentificationCode: "tok" } as CustomerAccount;

type Fn = (...args: never[]) => Promise<unknown>;
type Calls = Parameters<typeof submitBooking>[0];

function calls(over: Partial<Record<"book" | "sendVerificationCode" | "verify", Fn>> = {}) {
  return {
    book: vi.fn(over.book ?? (async () => confirmation)),
    sendVerificationCode: vi.fn(over.sendVerificationCode ?? (async () => ({}))),
    verify: vi.fn(over.verify ?? (async () => account)),
  } as unknown as Calls & Record<"book" | "sendVerificationCode" | "verify", ReturnType<typeof vi.fn>>;
}

const reject =
  (error: unknown): Fn =>
  async () => {
    throw error;
  };

describe("booking submission", () => {
  it("books directly when the server accepts", async () => {
    expect(await submitBooking(calls(), request)).toEqual({ kind: "booked", confirmation });
  });

  it("sends a code and asks for it when the server requires verification", async () => {
    const api = calls({ book: reject(refused(403, "Verification required")) });
    expect(await submitBooking(api, request)).toEqual({ kind: "verify" });
    expect(api.sendVerificationCode).toHaveBeenCalledWith(4, {
      firstName: "Ola",
      emailAddress: "ola@example.com",
      phoneNumber: "3125550199",
      phoneNumberCountryCode: 1,
    });
  });

  it("sends the code before booking when the account must be verified first", async () => {
    const api = calls();
    expect(await submitBooking(api, request, { verifyFirst: true })).toEqual({ kind: "verify" });
    expect(api.book).not.toHaveBeenCalled();
  });

  it("reports a code that could not be sent, an occupied slot and any other failure", async () => {
    const failing = calls({ book: reject(refused(403, "Verification required")), sendVerificationCode: reject(new Error("x")) });
    expect(await submitBooking(failing, request)).toEqual({ kind: "code-not-sent" });
    expect(await submitBooking(calls({ book: reject(refused(409, "Cannot book appointment - it's occupied")) }), request)).toEqual({
      kind: "occupied",
    });
    expect((await submitBooking(calls({ book: reject(refused(500, "boom")) }), request)).kind).toBe("failed");
  });

  it("goes by the refusal's code when the API sends one, whatever its words", async () => {
    const coded = (status: number, refusal: string) =>
      new ApiError({ kind: "http", path: "Appointment", status, serverMessage: "Noe gikk galt", refusal });
    const verifying = calls({ book: reject(coded(403, "verification-required")) });
    expect(await submitBooking(verifying, request)).toEqual({ kind: "verify" });
    expect(await submitBooking(calls({ book: reject(coded(409, "occupied")) }), request)).toEqual({ kind: "occupied" });
    // Another refusal is no occupied slot, even in the occupied words.
    const held = new ApiError({
      kind: "http",
      path: "Appointment",
      status: 409,
      serverMessage: "Cannot book appointment - it's occupied",
      refusal: "hold-lapsed",
    });
    expect((await submitBooking(calls({ book: reject(held) }), request)).kind).toBe("failed");
    // A page's share for one stranger used up (429 too-many-bookings): its own outcome, not a failure to retry.
    expect((await submitBooking(calls({ book: reject(coded(429, "too-many-bookings")) }), request)).kind).toBe("too-many-bookings");
  });

  it("verifies, then books with the verified account's token", async () => {
    const api = calls();
    expect(await verifyAndBook(api, request, " 12345 ")).toEqual({ kind: "booked", confirmation, account });
    // Where the code was sent goes along, so the API counts guesses against that code.
    expect(api.verify).toHaveBeenCalledWith(4, "12345", { phoneNumber: request.phoneNumber, emailAddress: request.emailAddress });
    expect(api.book).toHaveBeenCalledWith(4, { ...request, customerAccountIdentificationCode: "tok" });
  });

  it("says wrong code on a refused code, without booking", async () => {
    const api = calls({ verify: reject(refused(400, "Invalid verification code")) });
    expect(await verifyAndBook(api, request, "00000")).toEqual({ kind: "wrong-code" });
    expect(api.book).not.toHaveBeenCalled();
  });

  it("sends a new profile's password and its own values with the code: the API keeps them once the code proves the phone", async () => {
    const api = calls({ book: async () => confirmation });
    const typed = {
      ...request,
      lastName: "Nordmann",
      address: "Storgata 1",
      postalCode: "0155",
      city: "Oslo",
      ssn: "",
      gender: "Mann" as const,
    };
    await verifyAndBook(api, typed, "12345", "secret-1");
    expect(api.verify).toHaveBeenCalledWith(4, "12345", {
      phoneNumber: request.phoneNumber,
      emailAddress: request.emailAddress,
      password: "secret-1",
      profile: {
        firstName: "Ola",
        lastName: "Nordmann",
        emailAddress: "ola@example.com",
        address: "Storgata 1",
        postalCode: "0155",
        city: "Oslo",
        ssn: "",
        dateOfBirth: null,
        gender: "Mann",
      },
    });
    // A returning customer's login sends no profile.
    await verifyAndBook(api, typed, "12345");
    expect(api.verify).toHaveBeenLastCalledWith(4, "12345", { phoneNumber: request.phoneNumber, emailAddress: request.emailAddress });
  });

  it("tells too many codes or guesses (429) apart from a wrong code and from a code not sent", async () => {
    const tooMany = refused(429, "Too many codes sent. Try again in 12 minutes.");
    // The refusal goes with it: its Retry-After says how long to wait.
    expect(await verifyAndBook(calls({ verify: reject(tooMany) }), request, "00000")).toEqual({ kind: "too-many", error: tooMany });
    expect(
      await submitBooking(calls({ book: reject(refused(403, "Verification required")), sendVerificationCode: reject(tooMany) }), request),
    ).toEqual({ kind: "too-many", error: tooMany });
    expect(
      await submitBooking(
        calls({ book: reject(refused(403, "Verification required")), sendVerificationCode: reject(new Error("x")) }),
        request,
      ),
    ).toEqual({ kind: "code-not-sent" });
  });
});
