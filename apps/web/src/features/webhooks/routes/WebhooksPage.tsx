import { WEBHOOK_MAX_ENDPOINTS, type WebhookEndpointCreated } from '@kartlink/contracts';
import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useWebhookEndpointsQuery } from '../api/webhooks-api';
import { AddWebhookForm } from '../components/AddWebhookForm';
import { WebhookEndpointCard } from '../components/WebhookEndpointCard';
import './WebhooksPage.css';

/**
 * /dashboard/webhooks: the owner's endpoints (add, test, enable, delete), each with its delivery
 * log; a new endpoint's signing secret is shown once, here.
 */
export function WebhooksPage() {
  const { data: endpoints, error, isLoading, refetch } = useWebhookEndpointsQuery();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);

  return (
    <div className="page page--narrow webhooks-page">
      <header>
        <h1 className="page__title">Webhooks</h1>
        <p className="page__lead">
          Kartlink POSTs signed JSON to your server when your products or shop change and when
          people click. Verify the <code>Kartlink-Signature</code> header with your endpoint’s
          secret (see the README).
        </p>
      </header>

      {created && (
        <section className="card webhooks-secret" aria-labelledby="webhooks-secret">
          <h2 id="webhooks-secret" className="card__title">
            Your signing secret
          </h2>
          <p>
            Copy it now: it is shown only this once. It signs every delivery to{' '}
            <strong className="webhooks-secret__url">{created.url}</strong>.
          </p>
          <code className="webhooks-secret__value" data-testid="webhook-secret">
            {created.secret}
          </code>
          <div className="webhooks-secret__actions">
            <CopyButton text={created.secret} label="Copy secret" />
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setCreated(null)}
            >
              Done
            </button>
          </div>
        </section>
      )}

      {endpoints && endpoints.length < WEBHOOK_MAX_ENDPOINTS && (
        <AddWebhookForm onAdded={setCreated} />
      )}

      <section aria-labelledby="webhooks-list">
        <h2 id="webhooks-list" className="webhooks-page__subtitle">
          Endpoints {endpoints && `(${endpoints.length} of ${WEBHOOK_MAX_ENDPOINTS})`}
        </h2>
        {isLoading && <Spinner label="Loading your endpoints" />}
        {error && (
          <FormAlert>
            {userFacingMessage(httpStatusOf(error), serverMessageOf(error))}{' '}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void refetch()}
            >
              Try again
            </button>
          </FormAlert>
        )}
        {endpoints?.length === 0 && <p>No endpoints yet.</p>}
        {endpoints && endpoints.length > 0 && (
          <ul className="webhooks-page__list" aria-label="Endpoints">
            {endpoints.map((endpoint) => (
              <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
