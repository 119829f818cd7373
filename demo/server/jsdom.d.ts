// The one part of jsdom the server uses (provider-html.ts): a window for DOMPurify.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
