import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiated } from '../http/compression';
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
  return reply.send(await negotiated(request, reply, answer));
}
