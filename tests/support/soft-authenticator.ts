import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
type Cbor = Parameters<typeof isoCBOR.encode>[0];

/**
 * A passkey authenticator in software for the API tests (what a phone or a laptop does
 * in the browser): a P-256 key, "none" attestation, user presence and verification,
 * and a signature counter. `origin` is where the browser says the page was.
 */
export function softAuthenticator(origin: string) {
  const rpID = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  let counter = 0;
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    credentialId: b64(credentialId),
    /** navigator.credentials.create(), as @simplewebauthn/browser's startRegistration answers. */
    create(options: { challenge: string }, at = origin) {
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, isoBase64URL.toBuffer(jwk.x!)],
          [-3, isoBase64URL.toBuffer(jwk.y!)],
        ]) as Cbor,
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      // Flags: user present, user verified, attested credential data.
      const authData = Buffer.concat([sha256(rpID), Buffer.from([0x45]), u32(counter), Buffer.alloc(16), length, credentialId, cose]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as Cbor,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge, at)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get(), as startAuthentication answers; `counter`: sign with this count (a copied key's), else the next. */
    get(options: { challenge: string }, { at = origin, counter: copied }: { at?: string; counter?: number } = {}) {
      counter = copied ?? counter + 1;
      const authenticatorData = Buffer.concat([sha256(rpID), Buffer.from([0x05]), u32(counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, at);
      const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key" as const,
        response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
        clientExtensionResults: {},
      };
    },
  };
}
