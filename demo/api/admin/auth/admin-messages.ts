import { type Message, messageLanguage } from "../../outbox/message-texts.ts";

/** The back office's e-mails (issue 59), in the booking page's language. Pure. */
type Texts = Record<"no" | "en" | "es", { subject: string; body: string }>;
const pick = (language: string, texts: Texts): Message => ({ ...texts[messageLanguage(language)], language: messageLanguage(language) });

/** An invitation to a provider's back office: a single-use link that runs out. */
export function invitationMessage(language: string, company: string, link: string, hours: number): Message {
  return pick(language, {
    en: {
      subject: `${company}: you are invited to the back office`,
      body: `You are invited to ${company}'s back office. Choose your name and password here: ${link}\nThe link works once and for ${hours} hours.`,
    },
    no: {
      subject: `${company}: invitasjon til administrasjonen`,
      body: `Du er invitert til administrasjonen hos ${company}. Velg navn og passord her: ${link}\nLenken virker én gang og i ${hours} timer.`,
    },
    es: {
      subject: `${company}: te invitan a la administración`,
      body: `Te invitan a la administración de ${company}. Elige tu nombre y contraseña aquí: ${link}\nEl enlace funciona una vez y durante ${hours} horas.`,
    },
  });
}

/** A back-office password reset code, by e-mail. */
export function adminResetMessage(language: string, company: string, code: string): Message {
  return pick(language, {
    en: {
      subject: `${company}: back office password reset`,
      body: `Your code to choose a new back office password at ${company} is ${code}. It is valid for 15 minutes. If you did not ask for it, ignore this e-mail.`,
    },
    no: {
      subject: `${company}: nytt passord til administrasjonen`,
      body: `Koden for å velge nytt passord til administrasjonen hos ${company} er ${code}. Den gjelder i 15 minutter. Har du ikke bedt om den, se bort fra denne e-posten.`,
    },
    es: {
      subject: `${company}: nueva contraseña de la administración`,
      body: `Tu código para elegir una nueva contraseña de la administración de ${company} es ${code}. Es válido durante 15 minutos. Si no lo pediste, ignora este correo.`,
    },
  });
}
