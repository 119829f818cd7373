import { describe, expect, it } from "vitest";
import { createWidgetI18n } from "../i18n/create-i18n.ts";
import { decodeError, encodeError, validationText } from "./validation-messages.ts";

describe("validation messages", () => {
  it("carry their value through the schema message and back", () => {
    expect(decodeError(encodeError("nameRequired"))).toEqual({ key: "nameRequired" });
    expect(decodeError(encodeError("phoneLength", 10))).toEqual({ key: "phoneLength", values: { length: 10 } });
    expect(decodeError(encodeError("customFieldRequired", "Note: allergies"))).toEqual({ key: "customFieldRequired", values: { label: "Note: allergies" } });
  });

  it("read in the element's language", async () => {
    const { i18n, setLocale } = createWidgetI18n();
    const phoneLength = { key: "phoneLength" as const, values: { length: 8 } };
    expect(validationText(i18n, phoneLength)).toBe("Telefonnummeret må ha 8 siffer");
    await setLocale("en");
    expect(validationText(i18n, phoneLength)).toBe("Phone number must be 8 digits");
    expect(validationText(i18n, { key: "passwordLength" })).toBe("Password must be at least 5 characters");
    await setLocale("es");
    expect(validationText(i18n, { key: "customFieldRequired", values: { label: "Seguro" } })).toBe("El campo «Seguro» es obligatorio");
  });
});
