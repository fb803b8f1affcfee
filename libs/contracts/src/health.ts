import type { ServiceName } from './subjects';

export interface DependencyCheck {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** A service's answer to its health subject. */
export interface ServiceHealth {
  service: ServiceName;
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  checks: {
    database: DependencyCheck & { pendingMigrations?: number };
  };
}

/** The gateway's readiness answer. */
export interface Readiness {
  status: 'ready' | 'not-ready';
  checks: {
    nats: DependencyCheck;
    redis: DependencyCheck;
    services: Record<ServiceName, DependencyCheck & { status?: ServiceHealth['status'] }>;
  };
}
