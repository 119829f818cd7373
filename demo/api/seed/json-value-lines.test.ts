import { describe, expect, it } from "vitest";
import { jsonValueLines } from "./json-value-lines.ts";

describe("jsonValueLines", () => {
  it("finds the line each value starts on, by its path", () => {
    const text = JSON.stringify({ companies: [{ id: "a", providers: [{ bookingLink: "x", n: 2 }, { list: [1, "two,]}"] }] }] }, null, 2);
    const lines = jsonValueLines(text);
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;
    expect(lines.get("")).toBe(1);
    expect(lines.get("companies.0.id")).toBe(lineOf('"id"'));
    expect(lines.get("companies.0.providers.0.bookingLink")).toBe(lineOf('"bookingLink"'));
    expect(lines.get("companies.0.providers.1.list.1")).toBe(lineOf('"two,]}"'));
    expect(lines.get("companies.0.providers.1")).toBe(lineOf('"list"') - 1);
  });

  it("reads keys with escapes and a text on one line", () => {
    const lines = jsonValueLines('{"a\\"b": {"c": [true, null, -1.5e3]}, "d": {}}');
    expect([...lines.keys()]).toEqual(["", 'a"b', 'a"b.c', 'a"b.c.0', 'a"b.c.1', 'a"b.c.2', "d"]);
    expect(new Set(lines.values())).toEqual(new Set([1]));
  });
});
