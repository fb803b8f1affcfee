import type { ConfigOf } from '@kartlink/config';
import { redisEnvSchema, serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
  ...redisEnvSchema,
};
export type ShopConfig = ConfigOf<typeof configSchema>;
