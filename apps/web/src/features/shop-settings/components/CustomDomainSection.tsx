import {
  type CustomDomain,
  type CustomDomainRecord,
  CUSTOM_DOMAIN_MAX,
  DomainMessages,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { timeAgo } from '../../../lib/relative-time';
import {
  useCustomDomainQuery,
  useRemoveCustomDomainMutation,
  useSetCustomDomainMutation,
  useVerifyCustomDomainMutation,
} from '../api/custom-domain-api';
import './CustomDomainSection.css';

const STATUS_LABEL: Record<CustomDomain['status'], string> = {
  pending: 'Pending',
  verified: 'Verified',
  failed: 'Not verified',
};

const failure = (error: unknown) => userFacingMessage(httpStatusOf(error), serverMessageOf(error));

/**
 * The shop settings' "Custom domain" section: the owner's own address for the shop (Premium),
 * the two DNS records to create, whether they check out, and "Verify now".
 */
export function CustomDomainSection() {
  const { data, isLoading, error } = useCustomDomainQuery();
  return (
    <section
      className="card shop-form__section custom-domain"
      aria-labelledby="custom-domain-title"
    >
      <h2 id="custom-domain-title" className="custom-domain__title">
        Custom domain
      </h2>
      {isLoading ? (
        <p className="shop-form__hint">Loading…</p>
      ) : error || !data ? (
        <FormAlert>{failure(error)}</FormAlert>
      ) : data.customDomain ? (
        <DomainStatus domain={data.customDomain} allowed={data.allowed} />
      ) : data.allowed ? (
        <AddDomainForm />
      ) : (
        <PremiumUpsell />
      )}
    </section>
  );
}

function PremiumUpsell() {
  return (
    <div className="custom-domain__upsell">
      <p className="shop-form__hint">
        Serve your shop at an address of your own, such as <strong>shop.yourbrand.com</strong>.
      </p>
      <p className="custom-domain__upsell-text">{DomainMessages.premiumOnly}.</p>
      <Link to="/dashboard/pricing" className="button button--primary button--small">
        See Premium
      </Link>
    </div>
  );
}

function AddDomainForm() {
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [add, { isLoading }] = useSetCustomDomainMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (!domain.trim()) return setProblem(DomainMessages.required);
    try {
      await add({ domain: domain.trim() }).unwrap();
      toast.success('Domain added. Now create its DNS records.');
    } catch (err) {
      setProblem(failure(err));
    }
  };

  return (
    <form className="custom-domain__add" onSubmit={(event) => void submit(event)} noValidate>
      <p className="shop-form__hint">
        Serve your shop at an address of your own. Use a subdomain such as shop.yourbrand.com; you
        will then add two records at your domain&rsquo;s DNS provider.
      </p>
      <TextField
        label="Domain"
        name="domain"
        value={domain}
        onValueChange={setDomain}
        placeholder="shop.yourbrand.com"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={CUSTOM_DOMAIN_MAX}
        error={problem}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Adding…' : 'Add domain'}
        </button>
      </div>
    </form>
  );
}

function DomainStatus({ domain, allowed }: { domain: CustomDomain; allowed: boolean }) {
  const [verify, { isLoading: verifying }] = useVerifyCustomDomainMutation();
  const [remove, { isLoading: removing }] = useRemoveCustomDomainMutation();
  const [confirming, setConfirming] = useState(false);

  const verifyNow = async () => {
    try {
      const checked = await verify().unwrap();
      if (checked.status === 'verified') toast.success(`${checked.domain} is verified.`);
      else toast.error('The records are not right yet.');
    } catch (err) {
      toast.error(failure(err));
    }
  };

  return (
    <div className="custom-domain__status">
      <div className="custom-domain__head">
        <p className="custom-domain__name">{domain.domain}</p>
        <span className={`badge custom-domain__badge custom-domain__badge--${domain.status}`}>
          {STATUS_LABEL[domain.status]}
        </span>
      </div>
      <div role="status" aria-live="polite" className="custom-domain__finding">
        {domain.status === 'verified' && domain.url && (
          <p>
            Your shop is live at{' '}
            <a href={`${domain.url}/`} target="_blank" rel="noreferrer">
              {domain.url.replace(/^https?:\/\//, '')}
            </a>
            .
          </p>
        )}
        {domain.problem && <p className="custom-domain__problem">{domain.problem}</p>}
        <p className="custom-domain__checked">
          {domain.lastCheckedAt
            ? `Last checked ${timeAgo(domain.lastCheckedAt)}.`
            : 'Not checked yet: we check every few minutes, or press Verify now.'}
        </p>
      </div>
      {!allowed && <p className="custom-domain__problem">{DomainMessages.premiumOnly}.</p>}

      <h3 className="custom-domain__subtitle">DNS records</h3>
      <p className="shop-form__hint">
        Create these at your domain&rsquo;s DNS provider. Changes can take a few minutes to show.
      </p>
      <ul className="custom-domain__records" aria-label="DNS records">
        {domain.records.map((record) => (
          <RecordRow key={record.type} record={record} />
        ))}
      </ul>

      <div className="custom-domain__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={verifying}
          onClick={() => void verifyNow()}
        >
          {verifying ? 'Checking…' : 'Verify now'}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          disabled={removing}
          onClick={() => setConfirming(true)}
        >
          Remove domain
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Remove this domain?"
          confirmLabel="Remove domain"
          busyLabel="Removing…"
          busy={removing}
          onConfirm={() =>
            void remove()
              .unwrap()
              .then(
                () => toast.success('Domain removed.'),
                (err: unknown) => toast.error(failure(err)),
              )
              .finally(() => setConfirming(false))
          }
          onCancel={() => setConfirming(false)}
        >
          Your shop stops opening at {domain.domain} at once; its own Kartlink address works again.
        </ConfirmDialog>
      )}
    </div>
  );
}

function RecordRow({ record }: { record: CustomDomainRecord }) {
  const state = record.ok === null ? 'Not checked' : record.ok ? 'Found' : 'Missing or wrong';
  return (
    <li className="custom-domain__record">
      <div className="custom-domain__record-head">
        <span className="badge">{record.type}</span>
        <span
          className={`custom-domain__record-state custom-domain__record-state--${
            record.ok === null ? 'unknown' : record.ok ? 'ok' : 'bad'
          }`}
        >
          {state}
        </span>
      </div>
      <dl className="custom-domain__record-fields">
        <dt>Name</dt>
        <dd>
          <code>{record.name}</code>
          <CopyButton
            text={record.name}
            label={`Copy the ${record.type} record's name`}
            copiedMessage="Name copied"
          />
        </dd>
        <dt>Value</dt>
        <dd>
          <code>{record.value}</code>
          <CopyButton
            text={record.value}
            label={`Copy the ${record.type} record's value`}
            copiedMessage="Value copied"
          />
        </dd>
      </dl>
    </li>
  );
}
