import { resolve } from 'node:path';
import { loadConfig, register } from 'tsconfig-paths';

/**
 * Jest loads global setup and teardown files with plain Node `require`, where its
 * moduleNameMapper does not apply: importing this module first makes `@kartlink/<lib>` resolve
 * to the library's TypeScript source there too (tsconfig paths), as it does in the tests.
 */
const config = loadConfig(resolve(__dirname, '../../..'));
if (config.resultType === 'failed') throw new Error(config.message);
register({ baseUrl: config.absoluteBaseUrl, paths: config.paths, addMatchAll: false });
