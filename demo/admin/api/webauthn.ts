import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";

/**
 * The browser's passkeys (WebAuthn), through @simplewebauthn/browser: the app asks for
 * them through this, so a test gives its own (jsdom has no authenticator).
 */
export interface WebAuthn {
  supported(): boolean;
  register: typeof startRegistration;
  authenticate: typeof startAuthentication;
}

export const browserWebAuthn: WebAuthn = {
  supported: browserSupportsWebAuthn,
  register: startRegistration,
  authenticate: startAuthentication,
};
