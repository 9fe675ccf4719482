// Access-token signing and verification (HS256, as GoTrue signs with the CLI's default config).
// The HMAC key is imported once: re-importing it per request costs ~40 % of the verify time.
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  role: string;
  session_id: string;
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'claims'; message: string };

export class JwtService {
  private constructor(
    private readonly key: CryptoKey,
    readonly secret: Uint8Array,
  ) {}

  static async create(secret: string): Promise<JwtService> {
    const bytes = new TextEncoder().encode(secret);
    const key = await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return new JwtService(key, bytes);
  }

  sign(payload: JWTPayload): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  async verify(token: string): Promise<VerifyResult> {
    const parts = token.split('.').length;
    if (parts !== 3)
      return { ok: false, reason: 'malformed', message: `Expected 3 parts in JWT; got ${parts}` };
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return { ok: true, claims: payload };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
      if (error instanceof errors.JWTClaimValidationFailed) {
        return { ok: false, reason: 'claims', message: error.message };
      }
      if (error instanceof errors.JWSSignatureVerificationFailed) {
        return { ok: false, reason: 'signature', message: 'signature is invalid' };
      }
      return {
        ok: false,
        reason: 'malformed',
        message: error instanceof Error ? error.message : 'invalid JWT',
      };
    }
  }
}
