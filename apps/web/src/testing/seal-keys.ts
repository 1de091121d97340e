import { fromB64, openPayload, SEAL_ALGORITHM, type PublicKeyInfo, type SealedPayload } from '@platform/contracts';

/**
 * A fixed RSA-OAEP-256 key pair for tests only (never used by a server): the configuration fixture publishes the public
 * half, and the fake server opens sealed bodies with the private half, so a test can read what the app really sent.
 */
const SPKI = [
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwJqPTgdKri8IKFsVNeWKsiXIhQvmWR6WJIyWfp4BpBD+vsUdba7bzNqU',
  'CuEntaNH4J5HZC2bR/jtk4VN0ltFHnoUJEl44akucML+umcY+x6UnkonqVYLok7rkKUHOmLlcKnEfzcr/+JIEGJAuyKhTFFNeePn',
  'qSMIwYpiPOVUhhQNsQpAcBY5R1xmzjCBo7GIvoXORKeOYkcGoIfj94JPLkYnaPk9kNZpQArG0hmGBanASbxYI2oZQ1E1zX2M9O6C',
  'LYOeX1AbWWpBs21+MQV7D/RIVY+7rPcP6oWlzL+Eq8ADBjg+hDQQzl1x6tnidVvwSOsjh1PezVo9YRK10AjJkwIDAQAB',
].join('');

const PKCS8 = [
  'MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQDAmo9OB0quLwgoWxU15YqyJciFC+ZZHpYkjJZ+ngGkEP6+xR1t',
  'rtvM2pQK4Se1o0fgnkdkLZtH+O2ThU3SW0UeehQkSXjhqS5wwv66Zxj7HpSeSiepVguiTuuQpQc6YuVwqcR/Nyv/4kgQYkC7IqFM',
  'UU154+epIwjBimI85VSGFA2xCkBwFjlHXGbOMIGjsYi+hc5Ep45iRwagh+P3gk8uRido+T2Q1mlACsbSGYYFqcBJvFgjahlDUTXN',
  'fYz07oItg55fUBtZakGzbX4xBXsP9EhVj7us9w/qhaXMv4SrwAMGOD6ENBDOXXHq2eJ1W/BI6yOHU97NWj1hErXQCMmTAgMBAAEC',
  'ggEAAYr7bOeYDI8p5JDeOaFOHCE7Wv1+aeZZ048gwYDoiHTuZX7UvoUxE5IIr5GgLM9TCxSZg87tuITg+laOCgpbImRd9vBzvHML',
  'gTG+sqWSyKg1DpOPf8bFrxYswurfhPM33VAu18oMWy9n3mG7HQSpACCCm2BdAbjbIBnIsa4woCZTam93nzrjCebxevsNGbczivDr',
  'UXQsfOIq5ZQAdSusXhjpjelJLNrCgUrS/qvDeslgd+RzobfB2K5s6bjh6CY+/dVNig+6wCAklTI3aifA08Q323o4RTGhlDrIGTR9',
  'R9iGzEwMLpYG4Kz+ttFMhEOO8n8LKj262r8/hEffOtbyWQKBgQDl/Sobw0ogaftSt4UrWOnmwSEG1mwkWdlwqDniZq6JkG6yNFDJ',
  'xMk/2zgxMEpA15JJTbPQ+AbLA/6pbYHOzYahbwmEn59xc4DGTeP8FuNpGasx9DMP5H4gnU1Dew4ut6xu5WShmBO5mKK9bzXI8WoR',
  'l35QY4m+JOBSWiJW9lSLpwKBgQDWYvzigaN+ZHVfOA5IwKLvc6jrVR+l+24uOyhxJXy2nLrbsRQsiUeAKiXTzk0ApSQEwBhdJs9I',
  'Lpxgas+M441bGQfQ6ngxCgw+xDutznhjJBl79BkD1yYmeHFGiAT4KsiosbmJG8+oTLWjgflFIG8VxHJajx3zkIhrA1YIrrUgNQKB',
  'gD0WHBwZp9OqMq3Kvt0/lYjL3TjStRCGqOFqXU2MFmnFahF9IcQlt4p1cJxoBiDo4RsFP3COoEdF/VsFEghawJqaQn3uY8wfcKG7',
  'SIXJkod04Oq4wONEvldtUHtO8PppoKwn0620FfEi4H7OTgvcS172zP8PISPW6ZoWBK7yaIxbAoGAIR4xipwUMZY7O3ZhXoPDp9Hq',
  'KlCADxgEMUgaO0BbP6p+gymbwDWEwhvAtDOOWacpJUK3gMxaAQCST6KwZUdRstzvBCr0Xj77HUcbIQJgPpB5D1jp9FnsHs1EUmz4',
  't42Eaerqim+taIZRGO0fILqd7nLmZ27sZY/SQxXE2JqEiHECgYAiBXpvAFCfx917j8d9EGUZVyAMteMlNYA3uapnReKeWrDs41P5',
  'R2Aa6zLgStqTA9ftQviYbtYnt/c5nSsdln+Tngm+W536XE2ka1X27azhnMBo0CvfcQD3yxD/cVZwY/rEiG16jlIjZgn0CLAMmDu3',
  'FczTeO2DcK9OeODhjZjwGw==',
].join('');

export const TEST_KEY_ID = 'test-key-1';

export const TEST_PUBLIC_KEY: PublicKeyInfo = { kid: TEST_KEY_ID, alg: SEAL_ALGORITHM, spki: SPKI };

let privateKey: Promise<CryptoKey> | null = null;

const loadPrivateKey = () =>
  (privateKey ??= crypto.subtle.importKey('pkcs8', fromB64(PKCS8), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'unwrapKey',
  ]));

/** The body the app sealed. */
export const openSealed = async (sealed: unknown): Promise<unknown> =>
  (await openPayload(await loadPrivateKey(), sealed as SealedPayload)).body;
