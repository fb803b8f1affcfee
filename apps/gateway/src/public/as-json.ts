import type { FastifyReply } from 'fastify';
import { RawBody } from '../http/request.interceptor';

/** Sends an answer that is already a serialised envelope, as it is. */
export function asJson(reply: FastifyReply, body: string): RawBody<string> {
  void reply.type('application/json; charset=utf-8');
  return new RawBody(body);
}
