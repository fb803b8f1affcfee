import { DEFAULT_QR_SIZE, QR_SIZES } from './qr-codes';

const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const query = [
  {
    name: 'size',
    in: 'query',
    required: false,
    description: 'pixels a side (for an SVG, the size it opens at)',
    schema: { type: 'integer', enum: [...QR_SIZES], default: DEFAULT_QR_SIZE },
  },
  {
    name: 'download',
    in: 'query',
    required: false,
    description: '1: answered as an attachment named {shopUrl}[-{shortCode}]-qr.{png|svg}',
    schema: { type: 'string', enum: ['0', '1'] },
  },
];
const responses = (type: string) => ({
  '200': {
    description:
      `The code (${type}) of the page's public address, error correction Q, a quiet zone of 4 ` +
      'modules, with an ETag and Cache-Control: public, max-age=31536000 (private for an owner ' +
      'reading their private shop)',
    content: { [type]: { schema: { type: 'string', format: 'binary' } } },
  },
  '304': { description: 'If-None-Match named the current ETag' },
  '400': { description: 'size or download is not one of the values allowed (VALIDATION_ERROR)' },
  '401': { description: 'A bearer token was sent for a private page and is not valid' },
  '403': { description: 'The shop is private and the caller is not its owner' },
  '404': { description: 'No such shop or product' },
});

function qr(summary: string, params: string[], type: string) {
  return {
    get: {
      tags: ['public'],
      summary,
      description:
        'Anyone may read the code of a page a visitor may open; the signed-in owner (bearer ' +
        'token) may read their own while the shop is private.',
      security: [{}, { bearer: [] }],
      parameters: [...params.map(param), ...query],
      responses: responses(type),
    },
  };
}

/** The QR codes are plain Fastify routes (qr-routes.ts): documented here. */
export const QR_PATHS = {
  '/api/shop/{shopUrl}/qr.png': qr('The QR code of a shop page, PNG', ['shopUrl'], 'image/png'),
  '/api/shop/{shopUrl}/qr.svg': qr('The QR code of a shop page, SVG', ['shopUrl'], 'image/svg+xml'),
  '/api/url/shop/{shopUrl}/{shortCode}/qr.png': qr(
    'The QR code of a product page, PNG',
    ['shopUrl', 'shortCode'],
    'image/png',
  ),
  '/api/url/shop/{shopUrl}/{shortCode}/qr.svg': qr(
    'The QR code of a product page, SVG',
    ['shopUrl', 'shortCode'],
    'image/svg+xml',
  ),
};
