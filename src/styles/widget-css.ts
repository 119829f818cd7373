/**
 * The first screen's stylesheet (later screens add later-css.ts when they load). Hosts theme it through --bw-* custom properties
 * (they inherit through the shadow boundary) and ::part() names; nothing else leaks
 * in or out.
 */
const lightCss = /* css */ `
:host {
  --bw-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --bw-font-size: 16px;
  --bw-color-text: #1c2430;
  --bw-color-muted: #5b6574;
  --bw-color-bg: #ffffff;
  --bw-color-surface: #f5f7fa;
  --bw-color-border: #d9dee5;
  --bw-color-primary: #2457c5;
  --bw-color-primary-text: #ffffff;
  --bw-color-success: #1e7a45;
  --bw-color-error: #b42318;
  --bw-color-error-surface: #fdecea;
  /* Text on a success or error background (snackbars). */
  --bw-color-on-status: #ffffff;
  --bw-color-snackbar: #323a46;
  --bw-color-snackbar-text: #ffffff;
  --bw-shadow: rgb(0 0 0 / 0.12);
  --bw-color-backdrop: rgb(16 24 40 / 0.45);
  --bw-radius: 10px;
  --bw-space: 16px;
  --bw-max-width: 880px;
  color-scheme: light !important;
  /* The page's CSS reaches the element, and through inheritance all of the widget: what
     inherits is declared here, "important" (which inside the shadow root outranks the
     page's). The box's size and place stay the page's to set. */
  display: block !important;
  container-type: inline-size !important;
  font: 400 var(--bw-font-size)/1.45 var(--bw-font) !important;
  color: var(--bw-color-text) !important;
  letter-spacing: normal !important;
  text-transform: none !important;
  text-align: start !important;
  white-space: normal !important;
  visibility: visible !important;
  font-feature-settings: normal !important;
  word-spacing: normal !important;
  text-indent: 0 !important;
  text-shadow: none !important;
  text-decoration: none !important;
  -webkit-text-stroke: 0 !important;
  -webkit-text-fill-color: currentColor !important;
  word-break: normal !important;
  overflow-wrap: normal !important;
  hyphens: manual !important;
  direction: ltr !important;
  cursor: auto !important;
  pointer-events: auto !important;
}
:host([hidden]) { display: none !important; }
`;

/**
 * The one dark palette (WCAG AA contrast), for theme="dark" and for theme="auto" on a dark
 * system. Written minified: it is placed under both selectors as it stands.
 */
const darkPalette =
  "--bw-color-text:#e8ebf0;--bw-color-muted:#a9b2bf;--bw-color-bg:#14181e;--bw-color-surface:#1d232b;" +
  "--bw-color-border:#3a4452;--bw-color-primary:#8ab4ff;--bw-color-primary-text:#0b1220;--bw-color-success:#6fd49a;" +
  "--bw-color-error:#ff9b8f;--bw-color-error-surface:#3a1d1b;--bw-color-on-status:#0b1220;--bw-color-snackbar:#e8ebf0;" +
  "--bw-color-snackbar-text:#14181e;--bw-shadow:rgb(0 0 0/.5);--bw-color-backdrop:rgb(0 0 0/.6);color-scheme:dark!important";

const componentsCss = /* css */ `
*, *::before, *::after { box-sizing: border-box; }
.bw-root { max-width: var(--bw-max-width); margin: 0 auto; padding: var(--bw-space); background: var(--bw-color-bg); }
h1, h2, h3 { line-height: 1.2; margin: 0 0 calc(var(--bw-space) * 0.75); }
.bw-header { display: flex; align-items: flex-start; justify-content: space-between; gap: var(--bw-space); position: relative; }
.bw-header__title { font-size: 1.6em; min-width: 0; overflow-wrap: break-word; }
.bw-menu__item { font: inherit; color: var(--bw-color-primary); background: none; border: 0; padding: 0.3em 0; cursor: pointer; text-decoration: underline; }
.bw-menu__toggle { display: none; flex-shrink: 0; white-space: nowrap; font: inherit; background: none; border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); padding: 0.3em 0.7em; cursor: pointer; color: var(--bw-color-text); }
.bw-menu__list { position: absolute; right: 0; z-index: 2; list-style: none; margin: 0.3em 0 0; padding: 0.5em 1em; background: var(--bw-color-bg); border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); box-shadow: 0 6px 20px var(--bw-shadow); }
@container (max-width: 599px) { .bw-menu__wide { display: none; } .bw-menu__toggle { display: inline-block; } }
.bw-step-title { font-size: 1.25em; }
/* Focus lands on the step heading for screen readers and the next Tab; it is not a control to outline. */
.bw-step-title:focus { outline: none; }
.bw-category__title { font-size: 1em; color: var(--bw-color-muted); text-transform: uppercase; letter-spacing: 0.04em; margin-top: var(--bw-space); }
.bw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

.bw-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.4em;
  min-height: 44px; padding: 0.5em 1.1em; border: 1px solid transparent; border-radius: var(--bw-radius);
  background: var(--bw-color-primary); color: var(--bw-color-primary-text);
  font: inherit; font-weight: 600; cursor: pointer; text-decoration: none;
}
.bw-button--secondary { background: transparent; color: var(--bw-color-primary); border-color: currentColor; }
.bw-button--ghost { background: transparent; color: var(--bw-color-primary); padding-inline: 0.4em; }
.bw-button:focus-visible, .bw-service__button:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 2px; }

.bw-stepper { display: flex; flex-wrap: wrap; align-items: center; gap: var(--bw-space); margin-bottom: var(--bw-space); }
.bw-stepper__list { display: flex; flex-wrap: wrap; gap: 0.5em 1em; list-style: none; margin: 0; padding: 0; }
.bw-stepper__item { display: flex; align-items: center; gap: 0.4em; color: var(--bw-color-muted); }
.bw-stepper__number {
  display: inline-grid; place-items: center; width: 1.7em; height: 1.7em; border-radius: 50%;
  border: 1px solid var(--bw-color-border); font-size: 0.85em;
}
.bw-stepper__item[aria-current="step"] { color: var(--bw-color-text); font-weight: 600; }
.bw-stepper__item[aria-current="step"] .bw-stepper__number { background: var(--bw-color-primary); border-color: var(--bw-color-primary); color: var(--bw-color-primary-text); }
.bw-stepper__item[data-done] .bw-stepper__number { border-color: var(--bw-color-success); color: var(--bw-color-success); }
/* Narrow: the numbers only (the step's heading right below names it); titles stay for screen readers. */
@container (max-width: 599px) {
  .bw-stepper__title { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .bw-back { display: none; }
}

.bw-info-box { background: var(--bw-color-surface); border-radius: var(--bw-radius); padding: var(--bw-space); margin-bottom: var(--bw-space); }
.bw-info-box a { color: var(--bw-color-primary); }
.bw-reserved { visibility: hidden; white-space: pre-line; }
.bw-search { display: grid; gap: 0.3em; margin-bottom: var(--bw-space); max-width: 24em; }
.bw-search label { font-weight: 500; }
.bw-search input:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 1px; }
.bw-search input { font: inherit; color: var(--bw-color-text); background: var(--bw-color-bg); padding: 0.5em 0.65em; border: 1px solid var(--bw-color-border); border-radius: calc(var(--bw-radius) / 1.5); }
.bw-service-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6em; }
.bw-service { position: relative; border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); padding: 0.8em var(--bw-space); }
.bw-service:hover { border-color: var(--bw-color-primary); }
.bw-service__button {
  all: unset; cursor: pointer; font-weight: 600; font-size: 1.05em;
}
/* The whole card is the click target of its button. */
.bw-service__button::after { content: ""; position: absolute; inset: 0; border-radius: var(--bw-radius); }
.bw-service__button[aria-disabled="true"] { cursor: not-allowed; color: var(--bw-color-muted); }
.bw-service__details p { margin: 0.25em 0 0; }
.bw-service__description { color: var(--bw-color-muted); }
.bw-service__meta { display: flex; flex-wrap: wrap; gap: 0 1em; font-variant-numeric: tabular-nums; }
.bw-service__price s { color: var(--bw-color-muted); }
.bw-service__unavailable { color: var(--bw-color-error); font-size: 0.9em; }
.bw-service__first-available { color: var(--bw-color-success); font-size: 0.9em; }

.bw-service--selected { border-color: var(--bw-color-primary); background: color-mix(in srgb, var(--bw-color-primary) 6%, transparent); }
/* The tick is seen, not read: aria-pressed already says the service is chosen. */
.bw-service__button[aria-pressed="true"]::before { content: "✓ " / ""; color: var(--bw-color-primary); }
.bw-selected { position: sticky; bottom: 0; margin-top: var(--bw-space); padding: var(--bw-space); border: 1px solid var(--bw-color-border); border-radius: var(--bw-radius); background: var(--bw-color-bg); display: grid; gap: 0.5em; justify-items: start; }
.bw-selected__title { font-size: 1em; margin: 0; }
.bw-selected__list, .bw-selected__empty { margin: 0; padding-left: 1.1em; }
.bw-selected__empty { padding: 0; color: var(--bw-color-muted); }
.bw-selected__extras { color: var(--bw-color-muted); }
@container (min-width: 600px) {
  .bw-services--multiple { display: grid; grid-template-columns: minmax(0, 1fr) 15em; column-gap: var(--bw-space); align-items: start; }
  .bw-services--multiple > * { grid-column: 1; }
  .bw-services--multiple > .bw-selected { grid-column: 2; grid-row: 1 / span 50; top: var(--bw-space); margin-top: 0; }
}
@container (max-width: 599px) { .bw-selected { border-radius: var(--bw-radius) var(--bw-radius) 0 0; box-shadow: 0 -6px 20px var(--bw-shadow); margin-inline: calc(var(--bw-space) * -1); } }

.bw-preview { margin: 0 0 var(--bw-space); padding: 0.5em var(--bw-space); border: 1px dashed var(--bw-color-primary); border-radius: var(--bw-radius); background: var(--bw-color-surface); color: var(--bw-color-text); }
.bw-alert { border-radius: var(--bw-radius); padding: var(--bw-space); display: grid; gap: 0.6em; justify-items: start; }
.bw-alert p { margin: 0; }
.bw-alert--error { background: var(--bw-color-error-surface); color: var(--bw-color-error); }
.bw-alert--info { background: var(--bw-color-surface); }
.bw-loading { display: flex; align-items: center; gap: 0.6em; color: var(--bw-color-muted); }
.bw-spinner { width: 1em; height: 1em; border: 2px solid var(--bw-color-border); border-top-color: var(--bw-color-primary); border-radius: 50%; animation: bw-spin 0.8s linear infinite; }
@keyframes bw-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .bw-spinner { animation: none; } }
.bw-language { display: flex; justify-content: flex-end; margin-bottom: 0.25em; }
.bw-language select { min-height: 24px; font: inherit; font-size: 0.85em; color: var(--bw-color-muted); background: transparent; border: 1px solid transparent; border-radius: var(--bw-radius); padding: 0.1em 0.3em; cursor: pointer; }
.bw-language select:hover, .bw-language select:focus-visible { border-color: var(--bw-color-muted); }
.bw-footer { margin-top: calc(var(--bw-space) * 2); color: var(--bw-color-muted); font-size: 0.85em; text-align: center; }
`;

export const widgetCss = `${lightCss}:host([theme=dark]){${darkPalette}}@media (prefers-color-scheme:dark){:host([theme=auto]){${darkPalette}}}${componentsCss}`;
