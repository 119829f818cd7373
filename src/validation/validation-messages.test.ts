import { describe, expect, it } from "vitest";
import { createWidgetI18n } from "../i18n/create-i18n.ts";
import { decodeError, encodeError, validationText } from "./validation-messages.ts";

describe("validation messages", () => {
  it("carry their value through the schema message and back", () => {
    expect(decodeError(encodeError("nameRequired"))).toEqual({ key: "nameRequired" });
    expect(decodeError(encodeError("phoneLength", 10))).toEqual({ key: "phoneLength", values: { length: 10 } });
    expect(decodeError(encodeError("customFieldRequired", "Note: allergies"))).toEqual({
      key: "customFieldRequired",
      values: { label: "Note: allergies" },
    });
  });

  it("read in the element's language", async () => {
    const { i18n, setLocale, loadLaterMessages } = createWidgetI18n();
    await loadLaterMessages();
    const phoneLength = { key: "phoneLength" as const, values: { length: 8 } };
    expect(validationText(i18n, phoneLength)).toBe("Telefonnummeret må ha 8 siffer");
    await setLocale("en");
    expect(validationText(i18n, phoneLength)).toBe("Phone number must be 8 digits");
    expect(validationText(i18n, { key: "passwordLength" })).toBe("Password must be at least 5 characters");
    await setLocale("es");
    expect(validationText(i18n, { key: "customFieldRequired", values: { label: "Seguro" } })).toBe("El campo «Seguro» es obligatorio");
  });
});

describe("the later catalog", () => {
  it("is not in the first screen's catalog, loads on demand, and follows later language switches", async () => {
    const { i18n, setLocale, loadLaterMessages } = createWidgetI18n();
    const phoneValid = { key: "phoneValid" as const };
    // Before it loads, lingui falls back to the English source text.
    expect(validationText(i18n, phoneValid)).toBe("Phone number must be valid");
    await loadLaterMessages();
    expect(validationText(i18n, phoneValid)).toBe("Skriv inn et gyldig telefonnummer");
    await setLocale("es");
    expect(validationText(i18n, phoneValid)).toBe("Introduce un número de teléfono válido");
  });

  it("is loaded per element: another widget's i18n is untouched", async () => {
    const first = createWidgetI18n();
    const second = createWidgetI18n();
    await first.loadLaterMessages();
    expect(validationText(second.i18n, { key: "phoneValid" })).toBe("Phone number must be valid");
  });
});
