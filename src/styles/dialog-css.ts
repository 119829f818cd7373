/**
 * The dialogs' rules and the choices in them: part of the later screens' stylesheet
 * (later-css.ts), and sent with a painted first screen (src/prerender/first-paint-style.ts),
 * whose service rows open their extras dialog before the widget has come.
 */
export const dialogCss = /* css */ `
.bw-fieldset { border: 0; padding: 0; margin: 0; display: grid; gap: 0.4em; }
.bw-choice { display: inline-flex; align-items: center; gap: 0.4em; margin-right: 1.2em; }
.bw-dialog { width: min(290px, calc(100vw - 2em)); border: 0; border-radius: var(--bw-radius); padding: var(--bw-space); color: var(--bw-color-text); background: var(--bw-color-bg); box-shadow: 0 12px 40px var(--bw-shadow); font-family: var(--bw-font); }
/* ::backdrop inherits custom properties only in newer browsers: the fallback is the light one. */
.bw-dialog::backdrop { background: var(--bw-color-backdrop, rgb(16 24 40 / 0.45)); }
.bw-dialog__title { font-size: 1.1em; }
.bw-dialog__text { margin: 0 0 var(--bw-space); }
.bw-dialog--error .bw-dialog__text { color: var(--bw-color-error); }
.bw-dialog__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.5em; }
.bw-choice input:focus-visible { outline: 3px solid var(--bw-color-primary); outline-offset: 1px; }
`;
