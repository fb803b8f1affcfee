import { TRACK_LIMITS } from '@kartlink/contracts';

const text = (description: string, maxLength: number) => ({
  type: 'string',
  maxLength,
  description,
});
const visitorFields = {
  device: text('mobile, tablet or desktop', TRACK_LIMITS.device),
  browser: text('e.g. Chrome, Safari, Instagram', TRACK_LIMITS.browser),
  location: text('the visitor’s IANA time zone, e.g. Asia/Kolkata', TRACK_LIMITS.location),
  referrer: text('document.referrer of the page; only its host is kept', TRACK_LIMITS.referrer),
};
const answers = {
  '202': {
    description:
      'Recorded: { success: true, data: { eventId } }, once the event is stored on the ANALYTICS stream',
  },
  '400': { description: 'A field is not short text, the time zone or the id is malformed' },
  '429': { description: 'More than TRACK_RATE_LIMIT_PER_MINUTE recordings from this address' },
  '503': { description: 'The event could not be stored; the web ignores it (SPEC section 7)' },
};
const description =
  'No token needed. With a valid bearer token, the owner’s own visits are counted apart; an ' +
  'invalid token is simply anonymous. Bots and link-preview fetchers (by user agent) are ' +
  'recorded but counted apart. The client address is never stored: a visitor is a hash of a ' +
  'daily random salt, the address and the user agent. A text/plain body (a beacon) is read as JSON.';

/** The tracking calls are plain Fastify routes (analytics/tracking-routes.ts): documented here. */
export const TRACKING_PATHS = {
  '/api/analytics/track-shop/{shopUrl}': {
    post: {
      tags: ['analytics'],
      summary:
        'Record a visit to a page of a shop: the shop page or a product page (SPEC section 7)',
      description,
      parameters: [{ name: 'shopUrl', in: 'path', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: false,
        content: { 'application/json': { schema: { type: 'object', properties: visitorFields } } },
      },
      responses: answers,
    },
  },
  '/api/analytics/track/{urlId}': {
    post: {
      tags: ['analytics'],
      summary: 'Record a store click of a product, before the visitor is sent on (SPEC section 7)',
      description,
      parameters: [
        {
          name: 'urlId',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
          description: 'the product id',
        },
      ],
      requestBody: {
        required: false,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                ...visitorFields,
                platform: text('the store, lower-case vendor, e.g. amazon', TRACK_LIMITS.platform),
              },
            },
          },
        },
      },
      responses: answers,
    },
  },
};
