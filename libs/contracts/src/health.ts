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

/** A check as the public sees it: whether it passed, never why not (that goes to the logs). */
interface HealthState {
  ok: boolean;
}

/** A service's health as the gateway answers it publicly: states, no version, timings or errors. */
export interface PublicServiceHealth {
  service: ServiceName;
  status: ServiceHealth['status'];
  checks: { database: HealthState };
}

/** The gateway's readiness answer (generic states; the details are logged when not ready). */
export interface Readiness {
  status: 'ready' | 'not-ready';
  checks: {
    nats: HealthState;
    redis: HealthState;
    services: Record<ServiceName, HealthState & { status?: ServiceHealth['status'] }>;
  };
}
