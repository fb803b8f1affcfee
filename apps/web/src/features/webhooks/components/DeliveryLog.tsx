import type { WebhookDelivery } from '@kartlink/contracts';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { timeAgo } from '../../../lib/relative-time';
import { useRedeliverWebhookMutation, useWebhookDeliveriesQuery } from '../api/webhooks-api';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  succeeded: 'Delivered',
  pending: 'Retrying',
  waiting: 'Waiting',
  failed: 'Failed',
};

const failure = (error: unknown) => userFacingMessage(httpStatusOf(error), serverMessageOf(error));

/** An endpoint's recent deliveries, newest first, each with "Redeliver". */
export function DeliveryLog({ endpointId, canSend }: { endpointId: string; canSend: boolean }) {
  const { data, error, isFetching, refetch } = useWebhookDeliveriesQuery(endpointId);
  const [redeliver, { isLoading: resending }] = useRedeliverWebhookMutation();

  const again = async (delivery: WebhookDelivery) => {
    try {
      await redeliver({ id: endpointId, deliveryId: delivery.id }).unwrap();
      toast.success('Sent again.');
    } catch (err) {
      toast.error(failure(err));
    }
  };

  return (
    <div className="webhook-log">
      <div className="webhook-log__head">
        <h4>Recent deliveries</h4>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void refetch()}
        >
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {!data && isFetching && <Spinner label="Loading deliveries" />}
      {error && <FormAlert>{failure(error)}</FormAlert>}
      {data?.length === 0 && <p className="webhook-log__empty">No deliveries yet.</p>}
      {data && data.length > 0 && (
        <ul className="webhook-log__list" aria-label="Deliveries">
          {data.map((d) => (
            <li key={d.id} className={`webhook-log__item webhook-log__item--${d.status}`}>
              <div className="webhook-log__about">
                <p className="webhook-log__event">
                  <code>{d.event}</code> <span className="badge">{STATUS_LABELS[d.status]}</span>
                </p>
                <p className="webhook-log__detail">
                  {d.responseStatus !== null ? `HTTP ${d.responseStatus}` : 'No answer'}
                  {d.latencyMs !== null && ` · ${d.latencyMs} ms`} · attempt {d.attempts} ·{' '}
                  {timeAgo(d.createdAt)}
                </p>
                {d.error && d.status !== 'succeeded' && (
                  <p className="webhook-log__detail">{d.error}</p>
                )}
                {d.nextRetryAt && (
                  <p className="webhook-log__detail">
                    Next retry {new Date(d.nextRetryAt).toLocaleString('en-IN')}
                  </p>
                )}
              </div>
              {canSend && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={resending}
                  aria-label={`Redeliver ${d.event} of ${timeAgo(d.createdAt)}`}
                  onClick={() => void again(d)}
                >
                  Redeliver
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
