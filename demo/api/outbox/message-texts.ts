/**
 * What the reference API "sends" (outbox), in the booking page's language. Pure:
 * each function answers a subject and a body.
 */
export type MessageLanguage = "no" | "en" | "es";

export interface Message {
  subject: string;
  body: string;
  /** The language it is written in (an e-mail's HTML part says so). */
  language: MessageLanguage;
}

/** A booking page's language as the messages know it: Norwegian unless English or Spanish. */
export const messageLanguage = (language: string): MessageLanguage => (language === "en" || language === "es" ? language : "no");

const pick = <T>(language: string, texts: Record<MessageLanguage, T>): T => texts[messageLanguage(language)];
/** Lines that may be left out (false or null: a detail the booking has not); the first is the subject. */
type Lines = [string, ...(string | false | null)[]];

/** A message from its lines in `language`: the first is the subject, the others that are there make the body. */
const fromLines = (language: string, texts: Record<MessageLanguage, Lines>): Message => {
  const [subject, ...body] = pick(language, texts);
  return { subject, body: body.filter(Boolean).join("\n"), language: messageLanguage(language) };
};

/** One message's texts, in `language`. */
const message = (language: string, texts: Record<MessageLanguage, Omit<Message, "language">>): Message => ({
  ...pick(language, texts),
  language: messageLanguage(language),
});

export function verificationCodeMessage(language: string, company: string, code: string): Message {
  return message(language, {
    en: { subject: `${company}: verification code`, body: `Your verification code for ${company} is ${code}. It is valid for 15 minutes.` },
    no: { subject: `${company}: bekreftelseskode`, body: `Bekreftelseskoden din hos ${company} er ${code}. Den gjelder i 15 minutter.` },
    es: {
      subject: `${company}: código de verificación`,
      body: `Tu código de verificación para ${company} es ${code}. Es válido durante 15 minutos.`,
    },
  });
}

export function passwordResetMessage(language: string, company: string, code: string): Message {
  return message(language, {
    en: {
      subject: `${company}: password reset`,
      body: `Your code to choose a new password at ${company} is ${code}. It is valid for 15 minutes.`,
    },
    no: {
      subject: `${company}: nytt passord`,
      body: `Koden for å velge nytt passord hos ${company} er ${code}. Den gjelder i 15 minutter.`,
    },
    es: {
      subject: `${company}: nueva contraseña`,
      body: `Tu código para elegir una nueva contraseña en ${company} es ${code}. Es válido durante 15 minutos.`,
    },
  });
}

/** A My Page login code sent now (issue 57): by SMS, or by e-mail on a page that verifies by e-mail. */
export function myPageCodeMessage(language: string, company: string, code: string): Message {
  return message(language, {
    en: {
      subject: `${company}: your My Page code`,
      body: `Your code to log in to My Page at ${company} is ${code}. It is valid for 15 minutes.`,
    },
    no: {
      subject: `${company}: kode til Min side`,
      body: `Koden for å logge inn på Min side hos ${company} er ${code}. Den gjelder i 15 minutter.`,
    },
    es: {
      subject: `${company}: tu código de Mi página`,
      body: `Tu código para entrar en Mi página de ${company} es ${code}. Es válido durante 15 minutos.`,
    },
  });
}

export interface ReceiptDetails {
  company: string;
  /** Service titles, extras included. */
  services: readonly string[];
  /** dd.mm.yyyy and the clock time, both in the provider's zone. */
  date: string;
  time: string;
  address: string;
  /** The My Page link with p and c, when the booking has an account to log in to. */
  myPageUrl: string | null;
  hoursToCancel: number;
  /** A series' other occurrences (issue 42), in date order; empty or absent for one appointment. */
  series?: readonly { date: string; time: string }[];
}

export function receiptMessage(language: string, d: ReceiptDetails): Message {
  const what = d.services.join(", ");
  const more = (d.series ?? []).map((o) => `${o.date} ${o.time}`).join(", ");
  return fromLines(language, {
    en: [
      `${d.company}: booking confirmed ${d.date} ${d.time}`,
      `Thank you for your booking at ${d.company}.`,
      `${what} on ${d.date} at ${d.time}.`,
      more && `Also booked in this series: ${more}.`,
      d.address && `Address: ${d.address}.`,
      d.myPageUrl && `See, move or cancel your appointment on My Page: ${d.myPageUrl}`,
      d.hoursToCancel > 0 && `Changes and cancellations are possible up to ${d.hoursToCancel} hours before the appointment.`,
    ],
    no: [
      `${d.company}: timen er bekreftet ${d.date} ${d.time}`,
      `Takk for bestillingen hos ${d.company}.`,
      `${what} ${d.date} kl. ${d.time}.`,
      more && `Også bestilt i denne serien: ${more}.`,
      d.address && `Adresse: ${d.address}.`,
      d.myPageUrl && `Se, flytt eller avbestill timen på Min side: ${d.myPageUrl}`,
      d.hoursToCancel > 0 && `Du kan endre eller avbestille inntil ${d.hoursToCancel} timer før timen.`,
    ],
    es: [
      `${d.company}: cita confirmada ${d.date} ${d.time}`,
      `Gracias por tu reserva en ${d.company}.`,
      `${what} el ${d.date} a las ${d.time}.`,
      more && `También reservado en esta serie: ${more}.`,
      d.address && `Dirección: ${d.address}.`,
      d.myPageUrl && `Consulta, cambia o cancela tu cita en Mi página: ${d.myPageUrl}`,
      d.hoursToCancel > 0 && `Puedes cambiar o cancelar hasta ${d.hoursToCancel} horas antes de la cita.`,
    ],
  });
}

/** A reminder tells what the receipt told, but the cancellation rule. */
export type ReminderDetails = Omit<ReceiptDetails, "hoursToCancel">;

export function reminderMessage(language: string, d: ReminderDetails): Message {
  const what = d.services.join(", ");
  return fromLines(language, {
    en: [
      `${d.company}: reminder ${d.date} ${d.time}`,
      `A reminder of your appointment at ${d.company}:`,
      `${what} on ${d.date} at ${d.time}.`,
      d.address && `Address: ${d.address}.`,
      d.myPageUrl && `See, move or cancel it on My Page: ${d.myPageUrl}`,
    ],
    no: [
      `${d.company}: påminnelse ${d.date} ${d.time}`,
      `En påminnelse om timen din hos ${d.company}:`,
      `${what} ${d.date} kl. ${d.time}.`,
      d.address && `Adresse: ${d.address}.`,
      d.myPageUrl && `Se, flytt eller avbestill timen på Min side: ${d.myPageUrl}`,
    ],
    es: [
      `${d.company}: recordatorio ${d.date} ${d.time}`,
      `Un recordatorio de tu cita en ${d.company}:`,
      `${what} el ${d.date} a las ${d.time}.`,
      d.address && `Dirección: ${d.address}.`,
      d.myPageUrl && `Consulta, cambia o cancela tu cita en Mi página: ${d.myPageUrl}`,
    ],
  });
}

/** A cancelled appointment; `refund` is what was paid online and goes back (formatted), when it was paid. */
export function cancellationMessage(language: string, company: string, date: string, time: string, refund: string | null = null): Message {
  return fromLines(language, {
    en: [
      `${company}: appointment cancelled`,
      `Your appointment at ${company} on ${date} at ${time} has been cancelled.`,
      refund && `The ${refund} you paid online will be refunded in full.`,
    ],
    no: [
      `${company}: timen er avbestilt`,
      `Timen din hos ${company} ${date} kl. ${time} er avbestilt.`,
      refund && `${refund} som du betalte på nett, blir betalt tilbake i sin helhet.`,
    ],
    es: [
      `${company}: cita cancelada`,
      `Tu cita en ${company} el ${date} a las ${time} ha sido cancelada.`,
      refund && `Te reembolsaremos íntegramente los ${refund} que pagaste en línea.`,
    ],
  });
}

/**
 * A series cancelled from one occurrence on (issue 42): one message naming every time
 * cancelled; `refund` is their share of what was paid online (formatted), when it was paid.
 */
export function seriesCancellationMessage(
  language: string,
  company: string,
  times: readonly { date: string; time: string }[],
  refund: string | null = null,
): Message {
  const list = times.map((t) => `${t.date} ${t.time}`).join(", ");
  return fromLines(language, {
    en: [
      `${company}: appointments cancelled`,
      `Your appointments at ${company} on ${list} have been cancelled.`,
      refund && `The ${refund} you paid online for them will be refunded in full.`,
    ],
    no: [
      `${company}: timene er avbestilt`,
      `Timene dine hos ${company} ${list} er avbestilt.`,
      refund && `${refund} som du betalte på nett for dem, blir betalt tilbake i sin helhet.`,
    ],
    es: [
      `${company}: citas canceladas`,
      `Tus citas en ${company} el ${list} han sido canceladas.`,
      refund && `Te reembolsaremos íntegramente los ${refund} que pagaste en línea por ellas.`,
    ],
  });
}

/** A series moved from one occurrence on (issue 42): one message naming every new time. */
export function seriesChangeMessage(language: string, company: string, times: readonly { date: string; time: string }[]): Message {
  const list = times.map((t) => `${t.date} ${t.time}`).join(", ");
  return fromLines(language, {
    en: [`${company}: appointments moved`, `Your appointments at ${company} are now on ${list}.`],
    no: [`${company}: timene er flyttet`, `Timene dine hos ${company} er flyttet til ${list}.`],
    es: [`${company}: citas cambiadas`, `Tus citas en ${company} son ahora el ${list}.`],
  });
}

export function changeMessage(language: string, company: string, date: string, time: string): Message {
  return message(language, {
    en: { subject: `${company}: appointment moved`, body: `Your appointment at ${company} is now on ${date} at ${time}.` },
    no: { subject: `${company}: timen er flyttet`, body: `Timen din hos ${company} er flyttet til ${date} kl. ${time}.` },
    es: { subject: `${company}: cita cambiada`, body: `Tu cita en ${company} es ahora el ${date} a las ${time}.` },
  });
}

/** Why a payment's money goes back (what the customer's refund message says; payments/payment-row.ts marks it). */
export type RefundReason =
  /** Paid after its booking's hold ended, and the time was no longer free (or had begun). */
  | "time-taken"
  /** The gateway took another amount or currency than the payment asked for. */
  | "amount-differs"
  /** Another attempt at paying the same booking had paid for it already. */
  | "superseded"
  /** The customer cancelled the paid booking in time (My Page). */
  | "cancelled-by-customer"
  /** The provider cancelled the paid booking. */
  | "cancelled-by-provider";

export interface RefundDetails {
  company: string;
  /** The amount given back, formatted as the page shows prices. */
  amount: string;
  cause: RefundReason;
  /** The booking's date and time (dd.mm.yyyy, the clock time), when the payment was for one. */
  date: string | null;
  time: string | null;
  /** The other appointments a share covers (a series' later occurrences, issue 57): the message names every date. */
  also?: readonly { date: string; time: string }[];
}

/** The customer's money went back: how much, and why (never a silent refund). */
export function refundMessage(language: string, d: RefundDetails): Message {
  const dated = Boolean(d.date && d.time);
  const times = dated ? [{ date: d.date!, time: d.time! }, ...(d.also ?? [])] : [];
  const several = times.length > 1;
  const list = (word: string, and: string) => {
    const each = times.map((t) => `${t.date} ${word} ${t.time}`);
    return each.length > 1 ? `${each.slice(0, -1).join(", ")} ${and} ${each.at(-1)}` : (each[0] ?? "");
  };
  const at = {
    en: dated ? ` on ${list("at", "and")}` : "",
    no: dated ? ` ${list("kl.", "og")}` : "",
    es: dated ? ` el ${list("a las", "y")}` : "",
  };
  const why: Record<RefundReason, Record<MessageLanguage, string>> = {
    "time-taken": {
      en: `Your payment arrived after the time we held for you${at.en} had run out, and the time is no longer available, so the booking was not made.`,
      no: `Betalingen kom etter at timen vi holdt av${at.no} var utløpt, og timen er ikke lenger ledig, så bestillingen ble ikke gjort.`,
      es: `Tu pago llegó cuando ya había vencido la hora que te reservamos${at.es}, y la hora ya no está libre, así que la reserva no se hizo.`,
    },
    "amount-differs": {
      en: "The payment was for another amount than the booking asked for, so the booking was not made.",
      no: "Betalingen gjaldt et annet beløp enn bestillingen, så bestillingen ble ikke gjort.",
      es: "El pago fue por otro importe que el de la reserva, así que la reserva no se hizo.",
    },
    superseded: {
      en: `Your booking${at.en} had already been paid by an earlier payment, so this one was not needed.`,
      no: `Timen${at.no} var allerede betalt med en tidligere betaling, så denne trengtes ikke.`,
      es: `Tu cita${at.es} ya estaba pagada con un pago anterior, así que este no era necesario.`,
    },
    "cancelled-by-customer": {
      en: `You cancelled your ${several ? "appointments" : "appointment"}${at.en} in time.`,
      no: `Du avbestilte ${several ? "timene" : "timen"}${at.no} i tide.`,
      es: `Cancelaste ${several ? "tus citas" : "tu cita"}${at.es} a tiempo.`,
    },
    "cancelled-by-provider": {
      en: `${d.company} cancelled your ${several ? "appointments" : "appointment"}${at.en}.`,
      no: `${d.company} avlyste ${several ? "timene dine" : "timen din"}${at.no}.`,
      es: `${d.company} canceló ${several ? "tus citas" : "tu cita"}${at.es}.`,
    },
  };
  const reason = pick(language, why[d.cause]);
  return message(language, {
    en: {
      subject: `${d.company}: payment refunded`,
      body: `${reason}\n${d.amount} has been refunded to you. It can take 5–10 business days to show on your statement.`,
    },
    no: {
      subject: `${d.company}: betalingen er refundert`,
      body: `${reason}\n${d.amount} er betalt tilbake til deg. Det kan ta 5–10 virkedager før det vises på kontoen.`,
    },
    es: {
      subject: `${d.company}: pago reembolsado`,
      body: `${reason}\nTe hemos reembolsado ${d.amount}. Puede tardar de 5 a 10 días hábiles en aparecer en tu cuenta.`,
    },
  });
}

/**
 * A freed time offered to a waiting customer (issue 46), in the language they joined in.
 * `held`: first in line, the time is kept for them until `until`; notify-all, everyone
 * waiting for it is told and the first to book gets it. Never names who else waits.
 */
export function waitlistOfferMessage(
  language: string,
  company: string,
  offer: { date: string; time: string; until: string; link: string; held: boolean },
): Message {
  const { date, time, until, link, held } = offer;
  return fromLines(language, {
    en: [
      `${company}: a time is free`,
      `A time you are waiting for at ${company} is free: ${date} at ${time}.`,
      held ? `It is kept for you until ${until}. Book it here:` : `Whoever books it first gets it, until ${until}. Book it here:`,
      link,
    ],
    no: [
      `${company}: en time er ledig`,
      `En time du venter på hos ${company} er ledig: ${date} kl. ${time}.`,
      held
        ? `Den holdes av til deg til kl. ${until}. Bestill den her:`
        : `Den som bestiller først, får den, til kl. ${until}. Bestill den her:`,
      link,
    ],
    es: [
      `${company}: hay una hora libre`,
      `Una hora que esperas en ${company} está libre: el ${date} a las ${time}.`,
      held
        ? `Te la guardamos hasta las ${until}. Resérvala aquí:`
        : `Quien la reserve primero se la queda, hasta las ${until}. Resérvala aquí:`,
      link,
    ],
  });
}

export interface PaymentFailedDetails {
  company: string;
  /** Service titles, extras included. */
  services: readonly string[];
  /** The booking's time (dd.mm.yyyy, the clock time, in the provider's zone): a series' first. */
  date: string;
  time: string;
  /** A series' other occurrences, released with it, in date order; empty for one appointment. */
  series: readonly { date: string; time: string }[];
  /** The booking page's address, to book again. */
  bookUrl: string;
}

/**
 * A payment that failed after its visitor left (issue 57: a bank debit completes Checkout
 * unpaid and fails days later): the booking they believed paid is released, so they are
 * told that the time is no longer theirs, that nothing was taken, and where to book again.
 */
export function paymentFailedMessage(language: string, d: PaymentFailedDetails): Message {
  const what = d.services.join(", ");
  const more = d.series.map((o) => `${o.date} ${o.time}`).join(", ");
  return fromLines(language, {
    en: [
      `${d.company}: payment failed, booking cancelled`,
      `The payment for your booking at ${d.company} did not go through, so the time is no longer yours: ${what} on ${d.date} at ${d.time}.`,
      more && `The rest of the series is cancelled too: ${more}.`,
      "Nothing was charged.",
      `Book again here: ${d.bookUrl}`,
    ],
    no: [
      `${d.company}: betalingen feilet, timen er avbestilt`,
      `Betalingen for bestillingen hos ${d.company} gikk ikke gjennom, så timen er ikke lenger din: ${what} ${d.date} kl. ${d.time}.`,
      more && `Resten av serien er også avbestilt: ${more}.`,
      "Ingenting ble trukket.",
      `Bestill på nytt her: ${d.bookUrl}`,
    ],
    es: [
      `${d.company}: pago fallido, cita cancelada`,
      `El pago de tu reserva en ${d.company} no se completó, así que la hora ya no es tuya: ${what} el ${d.date} a las ${d.time}.`,
      more && `El resto de la serie también se ha cancelado: ${more}.`,
      "No se te ha cobrado nada.",
      `Vuelve a reservar aquí: ${d.bookUrl}`,
    ],
  });
}
