import { randomBytes } from 'node:crypto';
import { certificateCodeAlphabet, certificateCodeLength } from '#contract/certificates';

const alphabet = certificateCodeAlphabet;

/**
 * A new verification code: 12 characters of a 30-letter alphabet without look-alikes (about 2^59 codes), drawn
 * from the operating system's random source without bias (bytes beyond the largest multiple of 30 are skipped).
 */
export function newCertificateCode(): string {
  let code = '';
  const limit = 256 - (256 % alphabet.length);
  while (code.length < certificateCodeLength) {
    for (const byte of randomBytes(certificateCodeLength * 2)) {
      if (byte >= limit) continue;
      code += alphabet[byte % alphabet.length];
      if (code.length === certificateCodeLength) break;
    }
  }
  return code;
}

/** A code as someone typed or scanned it: dashes and spaces dropped, upper case; null when it cannot be one. */
export function normalizeCode(given: string): string | null {
  const code = given.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== certificateCodeLength) return null;
  for (const c of code) if (!alphabet.includes(c)) return null;
  return code;
}

/** The code as printed: three groups of four (`ABCD-EFGH-JKMN`), easier to read out and type. */
export const printedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;
