import { createHash } from 'node:crypto';

/**
 * What auth-service keeps of an API key and the gateway looks it up by: its SHA-256, hex. The
 * key's secret part is 32 random bytes, so a fast digest is as strong as a slow one here.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
