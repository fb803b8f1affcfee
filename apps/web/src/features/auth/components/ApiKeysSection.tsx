import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKey,
  apiKeyNameProblem,
  type ApiKeyScope,
  apiKeyScopesProblem,
  type CreatedApiKey,
} from '@kartlink/contracts';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { Field } from '../../../components/form/Field';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { Spinner } from '../../../components/Spinner';
import {
  fieldErrorsOf,
  httpStatusOf,
  serverMessageOf,
  userFacingMessage,
} from '../../../lib/errors';
import { timeAgo } from '../../../lib/relative-time';
import {
  useApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} from '../api/api-keys-api';
import './ApiKeysSection.css';

const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

const failure = (error: unknown) => userFacingMessage(httpStatusOf(error), serverMessageOf(error));

const expiryLabel = (days: number | null) =>
  days === null ? 'Never' : days === 365 ? '1 year' : `${days} days`;

function expiryText(key: ApiKey, now = Date.now()) {
  if (!key.expiresAt) return 'Never expires';
  const at = Date.parse(key.expiresAt);
  return at <= now ? `Expired ${day.format(at)}` : `Expires ${day.format(at)}`;
}

interface Problems {
  name?: string;
  scopes?: string;
  expiresAt?: string;
}

/**
 * The account page's "API keys": keys for scripts, each with a name, scopes and an optional
 * expiry. A new key's secret is shown once, with a copy button; the list shows each key's
 * prefix, scopes and dates, and revokes one after asking.
 */
export function ApiKeysSection({ impersonating }: { impersonating: boolean }) {
  const { data: keys, error, isLoading, refetch } = useApiKeysQuery();
  const [create, { isLoading: creating }] = useCreateApiKeyMutation();
  const [revoke, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['products:read']);
  const [expiryDays, setExpiryDays] = useState<string>('90');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [revoking_, setRevoking] = useState<ApiKey>();

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((now) =>
      on
        ? API_KEY_SCOPES.filter((s) => s === scope || now.includes(s))
        : now.filter((s) => s !== scope),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = { name: apiKeyNameProblem(name), scopes: apiKeyScopesProblem(scopes) };
    setProblems(found);
    setFormError(undefined);
    if (found.name || found.scopes) return;
    const days = expiryDays === 'never' ? null : Number(expiryDays);
    try {
      const answer = await create({
        name: name.trim(),
        scopes,
        expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString(),
      }).unwrap();
      setCreated(answer);
      setName('');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.length > 0)
        setProblems(Object.fromEntries(fields.map((field) => [field.path, field.msg])));
      else setFormError(failure(err));
    }
  };

  const confirmRevoke = async () => {
    if (!revoking_) return;
    try {
      await revoke(revoking_.id).unwrap();
      toast.success(`Revoked ${revoking_.name}.`);
    } catch (err) {
      if (httpStatusOf(err) === 404) void refetch();
      toast.error(failure(err));
    }
    setRevoking(undefined);
  };

  return (
    <section className="card account-section" aria-labelledby="account-api-keys">
      <h2 id="account-api-keys" className="card__title">
        API keys
      </h2>
      <p className="account-section__text">
        Keys let your scripts and spreadsheets manage products and read analytics through the API (
        <code>Authorization: Bearer kl_live_…</code>). A key never reaches your account, shop
        settings or other keys.
      </p>

      {created && (
        <div className="api-key-secret" role="status">
          <p className="api-key-secret__title">
            Your new key <strong>{created.key.name}</strong>
          </p>
          <p className="api-key-secret__warning">
            Copy it now: it is shown this once. Keep it secret, like a password.
          </p>
          <div className="api-key-secret__row">
            <code className="api-key-secret__value" aria-label="New API key">
              {created.secret}
            </code>
            <CopyButton text={created.secret} label="Copy API key" copiedMessage="API key copied" />
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setCreated(undefined)}
          >
            Done
          </button>
        </div>
      )}

      {impersonating ? (
        <p className="account-section__text">
          An admin signed in as this user cannot create API keys.
        </p>
      ) : (
        <form className="api-keys-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label="Key name"
            value={name}
            onValueChange={setName}
            error={problems.name}
            maxLength={API_KEY_NAME_MAX}
            placeholder="e.g. Price sheet sync"
          />
          <fieldset className="api-keys-form__scopes">
            <legend className="field__label">Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                label={`${API_KEY_SCOPE_LABELS[scope]} (${scope})`}
                checked={scopes.includes(scope)}
                onCheckedChange={(on) => toggle(scope, on)}
              />
            ))}
            {problems.scopes && <p className="field-error">{problems.scopes}</p>}
          </fieldset>
          <Field label="Expires" error={problems.expiresAt}>
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={expiryDays}
                onChange={(event) => setExpiryDays(event.target.value)}
              >
                {API_KEY_EXPIRY_DAYS.map((days) => (
                  <option key={String(days)} value={days === null ? 'never' : String(days)}>
                    {expiryLabel(days)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {formError && <FormAlert>{formError}</FormAlert>}
          <div className="account-section__actions">
            <button type="submit" className="button button--primary" disabled={creating}>
              {creating ? 'Creating…' : 'Create key'}
            </button>
          </div>
        </form>
      )}

      {isLoading && <Spinner label="Loading your API keys" />}
      {error && (
        <FormAlert>
          {failure(error)}{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        </FormAlert>
      )}
      {keys && keys.length === 0 && <p className="account-section__text">No API keys yet.</p>}
      {keys && keys.length > 0 && (
        <ul className="api-keys" aria-label="API keys">
          {keys.map((key) => (
            <li key={key.id} className="api-keys__item">
              <div className="api-keys__about">
                <p className="api-keys__name">
                  {key.name} <code className="api-keys__prefix">{key.prefix}…</code>
                </p>
                <p className="api-keys__detail">
                  {key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}
                </p>
                <p className="api-keys__detail">
                  Created {day.format(new Date(key.createdAt))} ·{' '}
                  {key.lastUsedAt ? `Last used ${timeAgo(key.lastUsedAt)}` : 'Never used'} ·{' '}
                  {expiryText(key)}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Revoke ${key.name}`}
                disabled={revoking}
                onClick={() => setRevoking(key)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}

      {revoking_ && (
        <ConfirmDialog
          title="Revoke this API key?"
          confirmLabel="Revoke key"
          busy={revoking}
          busyLabel="Revoking…"
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setRevoking(undefined)}
        >
          Scripts using {revoking_.name} ({revoking_.prefix}…) stop working at once. This cannot be
          undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
