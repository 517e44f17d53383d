import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer compressed once when it is made, not once per request (decision 043): the plain text and, when it is
 * kept for many readers, its brotli and gzip forms.
 */
export interface Precompressed {
  plain: string | Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The plain text with its brotli (quality 5) and gzip (level 6) forms. */
export function precompress(text: string): Required<Precompressed> {
  const plain = Buffer.from(text, 'utf8');
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(plain, { level: 6 }),
  };
}

/** Sends the form the browser accepts (brotli, else gzip, else plain), with `Vary: Accept-Encoding`. */
export function sendPrecompressed(req: FastifyRequest, reply: FastifyReply, answer: Precompressed): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const accepts = req.headers['accept-encoding'] ?? '';
  if (answer.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(answer.br);
  if (answer.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.plain);
}
