import { dialogCss } from "./dialog-css.ts";

/**
 * The later screens' stylesheet (time, staff, forms, confirm, receipt, dialogs): adopted
 * by LaterStyles when one of them first renders, so the first screen stays small. The
 * dialogs' rules come first (.bw-payment below widens .bw-dialog).
 */
export const laterCss =
  dialogCss +
  /* css */ `
.bw-zone-note { margin: 0 0 var(--bw-space); color: var(--bw-color-muted); font-size: 0.9em; }
.bw-calendar { margin-bottom: var(--bw-space); }
.bw-calendar__nav { display: flex; align-items: center; justify-content: space-between; gap: 0.5em; }
.bw-calendar__month { margin: 0; font-weight: 600; }
.bw-calendar__step { font: inherit; font-size: 1.3em; line-height: 1; width: 2.2em; height: 2.2em; border-radius: 50%; border: 1px solid var(--bw-color-border); background: var(--bw-color-bg); color: var(--bw-color-text); cursor: pointer; }
.bw-calendar__step:disabled { opacity: 0.35; cursor: default; }
.bw-calendar__grid { width: 100%; border-collapse: collapse; table-layout: fixed; margin-top: 0.5em; }
.bw-calendar__grid th { font-weight: 500; font-size: 0.8em; color: var(--bw-color-muted); padding: 0.3em 0; }
.bw-calendar__grid td { text-align: center; padding: 2px; }
.bw-day { font: inherit; width: 100%; max-width: 2.6em; aspect-ratio: 1; border-radius: 50%; border: 2px solid transparent; background: transparent; color: var(--bw-color-text); cursor: pointer; }
/* A light tint: the success colour on it keeps 4.5:1 (WCAG AA) in both themes. */
.bw-day--available { background: color-mix(in srgb, var(--bw-color-success) 8%, transparent); color: var(--bw-color-success); font-weight: 600; }
.bw-day--full { background: color-mix(in srgb, var(--bw-color-error) 10%, transparent); color: var(--bw-color-error); }
.bw-day--outside { color: var(--bw-color-border); cursor: default; }
.bw-day[aria-pressed="true"] { border-color: var(--bw-color-primary); }
.bw-day[aria-current="date"] { text-decoration: underline; }
.bw-day:focus-visible, .bw-hour__button:focus-visible, .bw-calendar__step:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 1px; }
.bw-hours__title { font-size: 1em; margin: 0 0 0.5em; }
.bw-hours__list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5em, 1fr)); gap: 0.5em; }
.bw-hour__button { font: inherit; width: 100%; padding: 0.55em 0.3em; border-radius: var(--bw-radius); border: 1px solid var(--bw-color-primary); background: var(--bw-color-bg); color: var(--bw-color-primary); cursor: pointer; }
.bw-hour__button:hover { background: var(--bw-color-primary); color: var(--bw-color-primary-text); }
.bw-hour__places { display: block; font-size: 0.8em; opacity: 0.85; }
.bw-hour__zone { display: block; margin-top: 0.15em; font-size: 0.8em; text-align: center; color: var(--bw-color-muted); }
.bw-zone-note { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em 1em; }
.bw-zone-note p { margin: 0; }
.bw-repeat { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em 1em; margin: 0 0 0.8em; }
.bw-repeat__choices { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.4em; }
.bw-repeat select { font: inherit; padding: 0.3em; border-radius: var(--bw-radius); }
.bw-repeat__why { flex-basis: 100%; margin: 0; color: var(--bw-color-muted); }
.bw-repeat__why:empty { display: none; }
.bw-series__list { margin: 0 0 1em; padding-left: 1.4em; }
.bw-series__item { margin: 0.4em 0; }
.bw-series__state { color: var(--bw-color-muted); }
.bw-hour--skeleton { height: 2.4em; border-radius: var(--bw-radius); background: var(--bw-color-surface); animation: bw-pulse 1.2s ease-in-out infinite; }
@keyframes bw-pulse { 50% { opacity: 0.5; } }
@media (prefers-reduced-motion: reduce) { .bw-hour--skeleton { animation: none; } }
.bw-hours__none { margin: 0 0 0.5em; }
.bw-hours__empty { display: grid; gap: 0.5em; justify-items: start; }
.bw-staff-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(12em, 1fr)); gap: 0.75em; }
.bw-staff-card__button { font: inherit; width: 100%; height: 100%; display: grid; justify-items: center; gap: 0.3em; padding: var(--bw-space); border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); background: var(--bw-color-bg); color: var(--bw-color-text); cursor: pointer; text-align: center; }
.bw-staff-card__button:hover { border-color: var(--bw-color-primary); }
.bw-staff-card__button:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 2px; }
.bw-staff-card__button[aria-disabled="true"] { cursor: default; opacity: 0.6; }
.bw-staff-card__avatar { width: 3.5em; height: 3.5em; border-radius: 50%; object-fit: cover; display: grid; place-items: center; background: var(--bw-color-surface); color: var(--bw-color-muted); font-weight: 600; }
.bw-staff-card__name { font-weight: 600; }
.bw-staff-card__next { font-size: 0.85em; color: var(--bw-color-success); }
.bw-staff-card--unavailable .bw-staff-card__next { color: var(--bw-color-muted); }
.bw-staff-card--skeleton { height: 9em; border-radius: var(--bw-radius); background: var(--bw-color-surface); animation: bw-pulse 1.2s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) { .bw-staff-card--skeleton { animation: none; } }
.bw-form { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--bw-space); max-width: 36em; }
.bw-form__row { display: grid; grid-template-columns: repeat(auto-fit, minmax(9em, 1fr)); gap: 0.75em; }
.bw-field { display: grid; gap: 0.3em; }
.bw-field__label, .bw-fieldset legend { font-weight: 500; }
.bw-field__optional { font-weight: 400; color: var(--bw-color-muted); }
.bw-field input, .bw-field select { font: inherit; color: var(--bw-color-text); background: var(--bw-color-bg); padding: 0.55em 0.65em; border: 1px solid var(--bw-color-border); border-radius: calc(var(--bw-radius) / 1.5); min-width: 0; }
.bw-field input:focus-visible, .bw-field select:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 1px; }
.bw-field [aria-invalid="true"] { border-color: var(--bw-color-error); }
.bw-field__error, .bw-form__summary { margin: 0; color: var(--bw-color-error); font-size: 0.9em; }
.bw-form__actions { display: flex; flex-wrap: wrap; gap: 0.5em 1em; align-items: center; }
.bw-form__hint { margin: 0; color: var(--bw-color-muted); font-size: 0.9em; }
.bw-field textarea { font: inherit; color: var(--bw-color-text); background: var(--bw-color-bg); padding: 0.55em 0.65em; border: 1px solid var(--bw-color-border); border-radius: calc(var(--bw-radius) / 1.5); resize: vertical; }
.bw-field textarea:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 1px; }
.bw-button:disabled { opacity: 0.55; cursor: default; }
.bw-consent { align-items: flex-start; }
.bw-waitlist { display: grid; gap: 0.75em; justify-items: start; margin-top: var(--bw-space); padding-top: var(--bw-space); border-top: 1px solid var(--bw-color-border); }
.bw-waitlist p { margin: 0; }
.bw-my-waitlist__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5em; }
.bw-my-waitlist__entry { display: flex; flex-wrap: wrap; gap: 0.5em 1em; align-items: center; justify-content: space-between; }
.bw-my-waitlist__window { color: var(--bw-color-muted); }
.bw-waitlist__days { display: grid; gap: 0.4em; border: 0; padding: 0; margin: 0; }
.bw-summary { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.bw-summary__caption { text-align: left; font-weight: 600; padding-bottom: 0.4em; }
/* A long word ("Physiotherapy") breaks where the table's language hyphenates it (issue 57); only where the browser has no hyphenation for the language does it break anywhere, which keeps the table inside a 320 px screen (break-word would not: a table's column is as wide as its longest word then). */
.bw-summary th, .bw-summary td { overflow-wrap: anywhere; hyphens: auto; text-align: left; padding: 0.45em 0.5em 0.45em 0; border-bottom: 1px solid var(--bw-color-border); vertical-align: top; }
.bw-summary thead th { font-weight: 500; color: var(--bw-color-muted); font-size: 0.85em; }
.bw-summary tbody th { font-weight: 400; }
.bw-summary__service { display: block; font-weight: 600; }
.bw-summary__extras, .bw-summary__description, .bw-appointments__paid, .bw-appointments__series { display: block; color: var(--bw-color-muted); font-size: 0.9em; }
.bw-summary__terms td { font-size: 0.95em; } .bw-receipt__terms p { margin-block: 0.25em; }
.bw-summary tfoot th { font-weight: 600; }
.bw-receipt { display: grid; gap: 0.75em; justify-items: start; }
.bw-receipt > p { margin: 0; }
.bw-receipt__thanks { font-size: 1.2em; font-weight: 600; color: var(--bw-color-success); margin: 0; }
.bw-calendar-links summary { cursor: pointer; color: var(--bw-color-primary); font-weight: 600; }
.bw-calendar-links ul { list-style: none; padding: 0; margin: 0.4em 0 0; display: flex; flex-wrap: wrap; gap: 0.4em 1em; }
.bw-calendar-links a { color: var(--bw-color-primary); }
.bw-account { display: grid; gap: var(--bw-space); justify-items: start; }
.bw-account__phone { font-weight: 600; margin: 0; }
.bw-payment { width: min(380px, calc(100vw - 2em)); }
.bw-snackbars { inset: auto 1em 1em auto; margin: 0; padding: 0; border: 0; background: transparent; overflow: visible; display: grid; gap: 0.5em; width: min(360px, calc(100vw - 2em)); font-family: var(--bw-font); }
.bw-snackbar { display: flex; align-items: center; gap: 0.6em; padding: 0.7em 0.9em; border-radius: var(--bw-radius); background: var(--bw-color-snackbar); color: var(--bw-color-snackbar-text); box-shadow: 0 6px 20px var(--bw-shadow); }
.bw-snackbar--success { background: var(--bw-color-success); color: var(--bw-color-on-status); }
.bw-snackbar--error { background: var(--bw-color-error); color: var(--bw-color-on-status); }
.bw-snackbar__message { flex: 1; }
.bw-snackbar__close { font: inherit; font-size: 1.2em; line-height: 1; background: transparent; color: inherit; border: 0; cursor: pointer; padding: 0.2em; }
.bw-chooser__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6em; }
.bw-chooser__item { display: flex; align-items: center; justify-content: space-between; gap: var(--bw-space); border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); padding: 0.6em var(--bw-space); }
.bw-chooser__name { font-weight: 600; }
.bw-my-page__section { margin-block: calc(var(--bw-space) * 1.5); }
.bw-my-page__heading { font-size: 1.05em; margin: 0 0 0.5em; }
.bw-my-page__login { max-width: 28em; }
.bw-appointments { width: 100%; border-collapse: collapse; }
.bw-appointments th, .bw-appointments td { text-align: left; padding: 0.5em 0.5em 0.5em 0; border-bottom: 1px solid var(--bw-color-border); vertical-align: middle; }
.bw-appointments thead th { font-weight: 500; color: var(--bw-color-muted); font-size: 0.85em; }
.bw-appointments__actions { display: flex; flex-wrap: wrap; gap: 0.4em; }
.bw-button--danger { background: transparent; color: var(--bw-color-error); border-color: currentColor; }
.bw-hold { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em 1em; background: var(--bw-color-surface); border-radius: var(--bw-radius); padding: 0.6em var(--bw-space); margin-bottom: var(--bw-space); }
.bw-hold:not([data-shown]) { padding: 0; margin: 0; }
.bw-hold[data-pending] { padding: 0.6em var(--bw-space); margin-bottom: var(--bw-space); background: transparent; }
.bw-hold [data-room]::before { content: attr(data-room); visibility: hidden; }
.bw-hold__text { margin: 0; flex: 1 1 16em; }
.bw-hold__clock { font-variant-numeric: tabular-nums; font-weight: 600; }
.bw-my-page__policy { margin-top: var(--bw-space); color: var(--bw-color-muted); font-size: 0.9em; }
.bw-profile { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.3em var(--bw-space); margin: 0 0 var(--bw-space); }
.bw-profile__row { display: contents; }
.bw-profile dt { color: var(--bw-color-muted); }
.bw-profile dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 480px) { .bw-appointments thead { display: none; } .bw-appointments tr { display: grid; padding-block: 0.4em; border-bottom: 1px solid var(--bw-color-border); } .bw-appointments td { border: 0; padding: 0.15em 0; } }
`;
