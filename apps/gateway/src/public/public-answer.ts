import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedEncoding,
  COMPRESSION_THRESHOLD_BYTES,
  varyOnAcceptEncoding,
} from '../http/compression';
import type { CachedAnswer } from './public-read-cache';

/**
 * Sends a cached public read as JSON, compressed as the client's Accept-Encoding asks with the
 * copy the cache entry keeps (made once per entry, not once per read).
 */
export async function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): Promise<FastifyReply> {
  void reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(answer.body);
  varyOnAcceptEncoding(reply);
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(answer.body);
  const body = await answer.encoded(encoding);
  return reply.header('content-encoding', encoding).send(body);
}
