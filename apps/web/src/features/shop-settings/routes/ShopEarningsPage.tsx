import type { Shop } from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Field } from '../../../components/form/Field';
import { FormAlert } from '../../../components/form/FormAlert';
import { SwitchField } from '../../../components/form/SwitchField';
import { TextField } from '../../../components/form/TextField';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { httpStatusOf, userFacingMessage } from '../../../lib/errors';
import { formFailure } from '../../../lib/form-errors';
import { useUpdateShopSettingsMutation } from '../../../lib/shop-api';
import { ShopPageHeader } from '../components/ShopPageHeader';
import { WithShop } from '../components/WithShop';
import {
  earningsFieldOf,
  earningsFields,
  earningsOf,
  EarningsFormMessages,
  earningsProblems,
  earningsValuesOf,
  MARKETPLACE_CHOICES,
  newAmazonRow,
  newNetworkRow,
  READY_NETWORKS,
  type EarningsValues,
  type NetworkRow,
} from '../utils/earnings-form';
import './shop-pages.css';

/** /dashboard/shop/earnings: affiliate tags and networks, UTM, and opening store apps. */
export function ShopEarningsPage() {
  return (
    <div className="page page--form page--flush">
      <ShopPageHeader title="Earnings">
        Your affiliate tags are added when a visitor goes to a store through your links, never to
        the links you saved.
      </ShopPageHeader>
      <WithShop>{(shop) => <EarningsForm shop={shop} />}</WithShop>
    </div>
  );
}

function EarningsForm({ shop }: { shop: Shop }) {
  const [updateShop, { isLoading }] = useUpdateShopSettingsMutation();
  const [values, setValues] = useState(() => earningsValuesOf(shop.earnings));
  const fields = earningsFields(values);
  const form = useFormErrors(fields);

  const set = <K extends keyof EarningsValues>(field: K, value: EarningsValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };
  // Rows move up when one is removed: their old problems no longer point at them.
  const setRows = <K extends 'amazonTags' | 'networks'>(field: K, rows: EarningsValues[K]) => {
    setValues((current) => ({ ...current, [field]: rows }));
    form.reset();
  };
  const setAmazonRow = (index: number, change: Partial<EarningsValues['amazonTags'][number]>) => {
    set(
      'amazonTags',
      values.amazonTags.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );
    for (const key of Object.keys(change)) form.clear(`amazonTags.${index}.${key}`);
  };
  const setNetworkRow = (index: number, change: Partial<NetworkRow>) => {
    set(
      'networks',
      values.networks.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );
    if ('id' in change || 'template' in change) form.clear(`networks.${index}.template`);
    if ('hosts' in change) form.clear(`networks.${index}.hosts`);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = earningsProblems(values);
    if (Object.keys(problems).length > 0) return form.show(problems);
    form.reset();
    try {
      const saved = await updateShop({ earnings: earningsOf(values) }).unwrap();
      setValues(earningsValuesOf(saved.earnings));
      toast.success(EarningsFormMessages.saved);
    } catch (error) {
      const failure = formFailure(error, fields, userFacingMessage(httpStatusOf(error)), {
        prefix: 'earnings.',
      });
      // The server names the earnings as a whole: its message goes on the field it is about.
      const field = failure.message ? earningsFieldOf(failure.message, values) : undefined;
      form.showFailure(
        field && failure.message
          ? { fields: { ...failure.fields, [field]: failure.message }, message: null }
          : failure,
      );
    }
  };

  const allMarketplacesUsed = values.amazonTags.length >= MARKETPLACE_CHOICES.length;
  const severalMarketplaces = values.amazonTags.length > 1;

  return (
    <form className="shop-form" onSubmit={submit} noValidate aria-label="Earnings settings">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}

      <fieldset className="card shop-form__section">
        <legend>Amazon Associates</legend>
        <p className="shop-form__hint">
          Your tracking id for each Amazon store you are an Associate of (on amazon.in it ends in
          -21). With a tag set, your shop shows Amazon&apos;s required disclosure at the foot of its
          pages.
        </p>
        {values.amazonTags.length > 0 && (
          <ul className="earnings-rows">
            {values.amazonTags.map((row, index) => (
              <li key={index} className="earnings-row">
                <Field
                  label={`Marketplace ${index + 1}`}
                  error={form.errors[`amazonTags.${index}.marketplace`]}
                >
                  {(control) => (
                    <select
                      {...control}
                      ref={form.inputRef(`amazonTags.${index}.marketplace`)}
                      className="field__input"
                      value={row.marketplace}
                      onChange={(event) => setAmazonRow(index, { marketplace: event.target.value })}
                    >
                      {MARKETPLACE_CHOICES.map((m) => (
                        <option
                          key={m.host}
                          value={m.host}
                          disabled={values.amazonTags.some(
                            (other, i) => i !== index && other.marketplace === m.host,
                          )}
                        >
                          {m.host} ({m.country})
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <TextField
                  label={`Tag on ${row.marketplace}`}
                  value={row.tag}
                  onValueChange={(tag) => setAmazonRow(index, { tag })}
                  error={form.errors[`amazonTags.${index}.tag`]}
                  inputRef={form.inputRef(`amazonTags.${index}.tag`)}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="myshop-21"
                />
                <button
                  type="button"
                  className="button button--ghost button--small earnings-row__remove"
                  aria-label={`Remove the ${row.marketplace} tag`}
                  onClick={() =>
                    setRows(
                      'amazonTags',
                      values.amazonTags.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={allMarketplacesUsed}
            onClick={() =>
              setRows('amazonTags', [...values.amazonTags, newAmazonRow(values.amazonTags)])
            }
          >
            {values.amazonTags.length === 0 ? 'Add an Amazon tag' : 'Add another marketplace'}
          </button>
        </div>
        <SwitchField
          label="Send visitors to their own country's Amazon"
          name="localizeAmazon"
          checked={severalMarketplaces && values.localizeAmazon}
          disabled={!severalMarketplaces}
          onCheckedChange={(checked) => set('localizeAmazon', checked)}
          hint={
            severalMarketplaces
              ? 'A visitor from a country you have a tag for goes to that Amazon store, with that tag, when the product is sold there.'
              : 'Needs tags for more than one marketplace.'
          }
        />
        <SwitchField
          label="Add my Amazon tag to shared /go links too"
          name="amazonOnSharedLinks"
          checked={values.amazonOnSharedLinks}
          onCheckedChange={(checked) => set('amazonOnSharedLinks', checked)}
          hint={
            <>
              Risky: off by default. Amazon pays nothing on a &ldquo;redirecting link&rdquo; that
              sends a shopper through another site without them clicking there, and may close an
              account that uses them. So your tag is added when a visitor taps Amazon on your
              product page. A /go link shared on its own (a WhatsApp status, an SMS) goes straight
              to Amazon: turn this on only if your programme allows it.
            </>
          }
        />
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Flipkart</legend>
        <TextField
          label="Flipkart affiliate id (affid)"
          name="flipkartAffiliateId"
          value={values.flipkartAffiliateId}
          onValueChange={(value) => set('flipkartAffiliateId', value)}
          error={form.errors.flipkartAffiliateId}
          inputRef={form.inputRef('flipkartAffiliateId')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="The product's short code goes with it (affExtParam1), so your Flipkart report shows which product sold. Flipkart stopped new sign-ups in 2018: without an id, use a network below."
        />
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Affiliate networks</legend>
        <p className="shop-form__hint">
          A network earns you commission on stores without a programme of their own (Flipkart,
          Myntra, AJIO...). Links to the stores you name go through the network&apos;s link.
        </p>
        {values.networks.length > 0 && (
          <ul className="earnings-rows">
            {values.networks.map((row, index) => {
              const name = row.network === 'custom' ? 'Other' : READY_NETWORKS[row.network].name;
              return (
                <li key={index} className="earnings-row earnings-row--network">
                  <p className="earnings-row__title">
                    {name} <span className="visually-hidden">network {index + 1}</span>
                  </p>
                  {row.network === 'custom' ? (
                    <TextField
                      label="Link template"
                      value={row.template}
                      onValueChange={(template) => setNetworkRow(index, { template })}
                      error={form.errors[`networks.${index}.template`]}
                      inputRef={form.inputRef(`networks.${index}.template`)}
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                      hint="{url} becomes the store's address (encoded), {shortCode} the product's short code, e.g. https://network.example/?url={url}&sub={shortCode}"
                    />
                  ) : (
                    <TextField
                      label={READY_NETWORKS[row.network].idLabel}
                      value={row.id}
                      onValueChange={(id) => setNetworkRow(index, { id })}
                      error={form.errors[`networks.${index}.template`]}
                      inputRef={form.inputRef(`networks.${index}.template`)}
                      autoComplete="off"
                      autoCapitalize="none"
                      spellCheck={false}
                    />
                  )}
                  <TextField
                    label={`Stores for ${name}`}
                    value={row.hosts}
                    onValueChange={(hosts) => setNetworkRow(index, { hosts })}
                    error={form.errors[`networks.${index}.hosts`]}
                    inputRef={form.inputRef(`networks.${index}.hosts`)}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    hint="Their addresses, separated by commas: myntra.com, ajio.com"
                  />
                  <button
                    type="button"
                    className="button button--ghost button--small earnings-row__remove"
                    aria-label={`Remove ${name} network ${index + 1}`}
                    onClick={() =>
                      setRows(
                        'networks',
                        values.networks.filter((_, i) => i !== index),
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <div className="earnings-add">
          {(['cuelinks', 'inrdeals'] as const).map((network) => (
            <button
              key={network}
              type="button"
              className="button button--secondary button--small"
              onClick={() => setRows('networks', [...values.networks, newNetworkRow(network)])}
            >
              Add {READY_NETWORKS[network].name}
            </button>
          ))}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setRows('networks', [...values.networks, newNetworkRow('custom')])}
          >
            Add another network
          </button>
        </div>
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Links</legend>
        <SwitchField
          label="Add UTM parameters"
          name="utm"
          checked={values.utm}
          onCheckedChange={(checked) => set('utm', checked)}
          hint="utm_source=kartlink, utm_medium=shop, utm_campaign=your shop, utm_content=the short code: your own site's analytics then shows which product link sent the visitor."
        />
        <fieldset className="earnings-choice">
          <legend className="field__label">When a saved link already has a tag</legend>
          <label className="earnings-choice__option">
            <input
              type="radio"
              name="existingTags"
              value="keep"
              checked={values.existingTags === 'keep'}
              onChange={() => set('existingTags', 'keep')}
            />
            Keep it (someone else&apos;s tag stays)
          </label>
          <label className="earnings-choice__option">
            <input
              type="radio"
              name="existingTags"
              value="replace"
              checked={values.existingTags === 'replace'}
              onChange={() => set('existingTags', 'replace')}
            />
            Replace it with mine
          </label>
        </fieldset>
        <SwitchField
          label="Open store apps on Android phones"
          name="openInApp"
          checked={values.openInApp}
          onCheckedChange={(checked) => set('openInApp', checked)}
          hint="A visitor with the store's app (Amazon, Flipkart, Myntra, AJIO, Meesho...) lands in it, signed in, where people buy; without the app, the store's website opens. iPhones open the app on their own when it is installed."
        />
      </fieldset>

      <div className="shop-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save earnings settings'}
        </button>
      </div>
    </form>
  );
}
