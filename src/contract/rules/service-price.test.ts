import { describe, expect, it } from "vitest";
import { dueForOccurrences, dueOnline, onlineAmount, paymentTerms, servicePrice } from "./service-price.ts";

const service = (over: Partial<Parameters<typeof onlineAmount>[0]> = {}) => ({
  price: 100,
  discountPrice: null,
  disablePrice: false,
  mustPayOnline: true,
  payOnlinePrice: null,
  ...over,
});

describe("servicePrice", () => {
  it("shows a discount with the original, and no amount for a variable price", () => {
    expect(servicePrice({ price: 45, discountPrice: 39, disablePrice: false })).toEqual({ kind: "discount", price: 39, original: 45 });
    expect(servicePrice({ price: 45, discountPrice: null, disablePrice: false })).toEqual({ kind: "regular", price: 45 });
    expect(servicePrice({ price: 45, discountPrice: 39, disablePrice: true })).toEqual({ kind: "variable" });
  });
  it("ignores a 'discount' that is not lower than the price", () => {
    expect(servicePrice({ price: 45, discountPrice: 50, disablePrice: false })).toEqual({ kind: "regular", price: 45 });
  });
});

describe("onlineAmount and dueOnline", () => {
  it("asks the pay-online price first, else the price shown; nothing for a varying price or a service paid at the place", () => {
    expect(onlineAmount(service({ payOnlinePrice: 25, discountPrice: 80 }))).toBe(25);
    expect(onlineAmount(service({ discountPrice: 80 }))).toBe(80);
    // A "discount" not below the price is not one: the price shown is charged.
    expect(onlineAmount(service({ discountPrice: 150 }))).toBe(100);
    expect(onlineAmount(service({ disablePrice: true }))).toBe(0);
    expect(onlineAmount(service({ disablePrice: true, payOnlinePrice: 30 }))).toBe(30);
    expect(onlineAmount(service({ mustPayOnline: false }))).toBe(0);
  });

  it("sums in whole cents", () => {
    expect(dueOnline([service({ payOnlinePrice: 0.1 }), service({ payOnlinePrice: 0.2 }), service({ mustPayOnline: false })])).toBe(0.3);
    expect(dueOnline([])).toBe(0);
  });

  it("a series pays for every occurrence at once, in whole cents", () => {
    expect(dueForOccurrences([service({ payOnlinePrice: 0.1 }), service({ payOnlinePrice: 0.2 })], 3)).toBe(0.9);
    expect(dueForOccurrences([service({ payOnlinePrice: 25 })], 4)).toBe(100);
    expect(dueForOccurrences([service({ payOnlinePrice: 25 })], 0)).toBe(25);
    expect(dueForOccurrences([service({ mustPayOnline: false })], 4)).toBe(0);
  });
});

describe("paymentTerms", () => {
  it("a deposit: a part now, the rest at the place", () => {
    expect(paymentTerms(50, 1450)).toEqual({ now: 50, atPlace: 1400, deposit: true });
    expect(paymentTerms(12.87, 39.1)).toEqual({ now: 12.87, atPlace: 26.23, deposit: true });
  });
  it("paid in full online: nothing at the place, and no deposit", () => {
    expect(paymentTerms(120, 120)).toEqual({ now: 120, atPlace: 0, deposit: false });
  });
  it("nothing online: all at the place; a price that varies says nothing of the rest", () => {
    expect(paymentTerms(0, 65)).toEqual({ now: 0, atPlace: 65, deposit: false });
    expect(paymentTerms(20, null)).toEqual({ now: 20, atPlace: null, deposit: true });
    // A series of four paid at once: each time's share is what cancelling it gives back.
    expect(paymentTerms(100, 400, 4)).toEqual({ now: 100, atPlace: 300, deposit: true, each: 25 });
  });
});
