import type { ConfigOf } from '@kartlink/config';
import { serviceEnvSchema } from '@kartlink/server-kit';

export const configSchema = {
  ...serviceEnvSchema,
};
export type AnalyticsConfig = ConfigOf<typeof configSchema>;
