import {
  WEBHOOK_EVENTS,
  type WebhookEndpointCreated,
  type WebhookEventType,
  WebhookMessages,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { formFailure, type FormFailure } from '../../../lib/form-errors';
import { useAddWebhookEndpointMutation } from '../api/webhooks-api';

/** What each event means, beside its checkbox. */
const EVENT_LABELS: Record<WebhookEventType, string> = {
  'click.recorded': 'Clicks (batched, at most one delivery a second)',
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'product.deleted': 'Product deleted',
  'shop.updated': 'Shop settings updated',
};

type Field = 'url' | 'events';

/** "Add endpoint": its https address and the events it receives; answers the new endpoint. */
export function AddWebhookForm({
  onAdded,
}: {
  onAdded: (created: WebhookEndpointCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['product.created', 'product.updated']);
  const [failure, setFailure] = useState<FormFailure<Field> | null>(null);
  const [add, { isLoading }] = useAddWebhookEndpointMutation();

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e))
        : current.filter((e) => e !== event),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setFailure({ fields: { url: WebhookMessages.urlInvalid }, message: null });
      return;
    }
    if (events.length === 0) {
      setFailure({ fields: { events: WebhookMessages.eventsRequired }, message: null });
      return;
    }
    setFailure(null);
    try {
      const created = await add({ url: url.trim(), events }).unwrap();
      setUrl('');
      onAdded(created);
    } catch (err) {
      setFailure(formFailure<Field>(err, ['url', 'events'], 'The endpoint could not be added.'));
    }
  };

  return (
    <form
      className="card webhooks-add"
      aria-labelledby="webhooks-add"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="webhooks-add" className="card__title">
        Add endpoint
      </h2>
      {failure?.message && <FormAlert>{failure.message}</FormAlert>}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/kartlink-webhook"
        value={url}
        onValueChange={setUrl}
        error={failure?.fields.url}
      />
      <fieldset className="webhooks-add__events">
        <legend>Events to send</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            label={
              <>
                <code>{event}</code> · {EVENT_LABELS[event]}
              </>
            }
            checked={events.includes(event)}
            onCheckedChange={(on) => toggle(event, on)}
          />
        ))}
        {failure?.fields.events && <p className="field-error">{failure.fields.events}</p>}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {isLoading ? 'Adding…' : 'Add endpoint'}
      </button>
    </form>
  );
}
