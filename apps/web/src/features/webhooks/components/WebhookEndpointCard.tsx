import type { WebhookEndpoint } from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import {
  useDeleteWebhookEndpointMutation,
  useSendWebhookTestMutation,
  useSetWebhookEnabledMutation,
} from '../api/webhooks-api';
import { DeliveryLog } from './DeliveryLog';

const failure = (error: unknown) => userFacingMessage(httpStatusOf(error), serverMessageOf(error));

/** One endpoint: its address, events and status; test, enable, delete; its delivery log. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sendTest, { isLoading: testing }] = useSendWebhookTestMutation();
  const [setEnabled, { isLoading: switching }] = useSetWebhookEnabledMutation();
  const [remove, { isLoading: removing }] = useDeleteWebhookEndpointMutation();
  const active = endpoint.status === 'active';

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(failure(err));
    }
  };

  return (
    <li className="card webhook">
      <div className="webhook__head">
        <p className="webhook__url">{endpoint.url}</p>
        <span className={`badge webhook__status webhook__status--${endpoint.status}`}>
          {active ? 'Active' : 'Disabled'}
        </span>
      </div>
      <p className="webhook__events">{endpoint.events.join(', ')}</p>
      {!active && endpoint.disabledReason && (
        <p className="webhook__reason">Disabled: {endpoint.disabledReason}</p>
      )}
      <div className="webhook__actions">
        {active ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={testing}
            onClick={() => {
              setOpen(true);
              void run(() => sendTest(endpoint.id).unwrap(), 'Test event sent.');
            }}
          >
            {testing ? 'Sending…' : 'Send test event'}
          </button>
        ) : (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={switching}
            onClick={() =>
              void run(
                () => setEnabled({ id: endpoint.id, enabled: true }).unwrap(),
                'Endpoint enabled.',
              )
            }
          >
            Enable
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={removing}
          aria-label={`Delete endpoint ${endpoint.url}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      </div>
      {open && <DeliveryLog endpointId={endpoint.id} canSend={active} />}
      {confirming && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          busyLabel="Deleting…"
          busy={removing}
          onConfirm={() =>
            void run(() => remove(endpoint.id).unwrap(), 'Endpoint deleted.').then(() =>
              setConfirming(false),
            )
          }
          onCancel={() => setConfirming(false)}
        >
          <p>
            No more events go to {endpoint.url}, and its delivery log is deleted. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
