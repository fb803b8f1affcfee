import { resolve } from 'node:path';
import { buildAll } from './stack';

/** `npm run build`: every lib and app, through Nx (cached when nothing changed). */
buildAll(resolve(__dirname, '..'), { echo: true }).then(
  (result) => process.exit(result.code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
