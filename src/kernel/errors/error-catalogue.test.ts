import { describe, expect, it } from "vitest";
import { chooserMessages } from "../../chooser/messages.ts";
import { createWidgetI18n } from "../../i18n/create-i18n.ts";
import { errorCatalogue } from "./error-catalogue.ts";

describe("error catalogue (spec §8)", () => {
  it("says the spec's Norwegian texts in Norwegian", async () => {
    const { i18n, loadLaterMessages } = createWidgetI18n();
    await loadLaterMessages();
    expect(i18n._(errorCatalogue.wrongPassword)).toBe("Feil passord");
    expect(i18n._(errorCatalogue.wrongResetCode)).toBe("Feil kode");
    expect(i18n._(errorCatalogue.wrongTokenOrPhone)).toBe("Feil kode/telefonnummer");
    expect(i18n._(errorCatalogue.notVerifiedWithCode)).toBe("Kunne ikke verifisere med denne koden");
    expect(i18n._(errorCatalogue.wrongVerificationCode)).toBe("Feil verifiseringskode");
    expect(i18n._(errorCatalogue.codeNotSent)).toBe("Kunne ikke sende verifikasjonskode");
    expect(i18n._(errorCatalogue.noteNotChanged)).toBe("Kunne ikke endre notat");
    expect(i18n._(chooserMessages.choose)).toBe("Velg");
  });

  it("fills the values in every language", async () => {
    const { i18n, setLocale, loadLaterMessages } = createWidgetI18n();
    await loadLaterMessages();
    expect(i18n._({ ...errorCatalogue.cancelTooLate, values: { hours: 24 } })).toBe("Du kan bare avbestille 24 timer i forveien");
    await setLocale("en");
    expect(i18n._({ ...errorCatalogue.cancelTooLate, values: { hours: 24 } })).toBe("You can only cancel 24 hours in advance");
    await setLocale("es");
    expect(i18n._({ ...errorCatalogue.bookingFailed, values: { phone: "+52 55 1234 5678" } })).toContain("+52 55 1234 5678");
  });
});
