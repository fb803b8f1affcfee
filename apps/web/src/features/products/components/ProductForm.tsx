import {
  DEFAULT_ENDED_MESSAGE,
  DEFAULT_TIME_ZONE,
  ErrorCode,
  formatReadDate,
  type Product,
  type ShopEarnings,
  type StoreLinkWarning,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/Field';
import { FormAlert } from '../../../components/form/FormAlert';
import { SwitchField } from '../../../components/form/SwitchField';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { ImageListField } from '../../../components/media/ImageListField';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { errorCodeOf, httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { formFailure } from '../../../lib/form-errors';
import { usePhotoUploaders } from '../../../lib/media/media-api';
import {
  checkProductForm,
  detectStore,
  hasProblems,
  parseRupees,
  pinnableStores,
  storeRowsOf,
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  ProductFormMessages,
  type ProductField,
  type ProductFormValues,
} from '../utils/product-form';
import { useReadStorePageMutation } from '../api/products-api';
import {
  applyStorePage,
  fillableStore,
  type FillMode,
  storePageSummary,
} from '../utils/store-page-fill';
import { ProductCardPreview } from './ProductCardPreview';
import { StoreFinalUrls } from './StoreFinalUrls';
import { StoreUrlFields } from './StoreUrlFields';
import { publicHost, publicOrigin } from '../../../lib/public-address';
import { timeZone as deviceTimeZone } from '../../../lib/time-zone';

interface ProductFormProps {
  initial: ProductFormValues;
  mode: 'create' | 'edit';
  /** The owner's shop URL, for the short link shown under the code. */
  shopUrl: string | null;
  /** The shop's Earnings settings, for the address each store will receive. */
  earnings?: ShopEarnings;
  submitLabel: string;
  busyLabel: string;
  /**
   * Sends the form; a rejection is the server's answer, shown on the form. When it resolves to
   * the saved product, the form shows its store links as saved (shortened ones resolved) and
   * its warnings (shortened links the server could not resolve) on their rows.
   */
  onSubmit: (values: ProductFormValues, storeUrls: string[]) => Promise<Product | void>;
  /** The plan's product limit refused the save: the page says so where it can be seen. */
  onLimitReached?: () => void;
  /** The shop's time zone: the schedule's times are entered and shown in it. */
  timeZone?: string;
  /** Saves this device's zone as the shop's (offered when the two differ). */
  onUseTimeZone?: (zone: string) => void;
}

/** "India Standard Time (Asia/Kolkata)", or the zone's name alone where Intl has no long name. */
function zoneName(zone: string): string {
  try {
    const long = new Intl.DateTimeFormat('en-IN', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return long && long !== zone ? `${long} (${zone})` : zone;
  } catch {
    return zone;
  }
}

/**
 * The product link form of /dashboard/create-link and /dashboard/link/{id}: the stores, the
 * product's details and its short code, with the card visitors will see drawn beside it.
 */
export function ProductForm({
  initial,
  mode,
  shopUrl,
  earnings,
  submitLabel,
  busyLabel,
  onSubmit,
  onLimitReached,
  timeZone = DEFAULT_TIME_ZONE,
  onUseTimeZone,
}: ProductFormProps) {
  const [values, setValues] = useState(initial);
  const [rowErrors, setRowErrors] = useState<Array<string | undefined>>([]);
  const [rowWarnings, setRowWarnings] = useState<Array<string | undefined>>([]);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const { productImage } = usePhotoUploaders();
  const form = useFormErrors(PRODUCT_FIELDS);
  const [readStorePage, storePageRead] = useReadStorePageMutation();
  const [fillNote, setFillNote] = useState<{ text: string; failed: boolean } | null>(null);

  /** Fills the details from a store's page (server-side read, its picture copied). */
  const fillFrom = async (url: string, mode: FillMode) => {
    setFillNote(null);
    try {
      const page = await readStorePage(url).unwrap();
      setValues((current) => applyStorePage(current, page, mode));
      setFillNote({ text: storePageSummary(page), failed: false });
    } catch (error) {
      const status = httpStatusOf(error);
      setFillNote({ text: userFacingMessage(status, serverMessageOf(error)), failed: true });
    }
  };

  // A new link's first store address pasted: its details filled where the owner left them empty.
  const pasted = (text: string) => {
    const store = fillableStore([text]);
    if (mode === 'create' && store && !values.title.trim() && !storePageRead.isLoading)
      void fillFrom(store.url, 'empty');
  };

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((PRODUCT_FIELDS as readonly string[]).includes(field)) form.clear(field as ProductField);
  };

  const setRows = (storeUrls: string[]) => {
    set('storeUrls', storeUrls);
    form.clear('originalURLs');
    setRowErrors([]);
    setRowWarnings([]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkProductForm(values, timeZone);
    setRowErrors(check.rows);
    if (hasProblems(check)) {
      form.show(check.fields);
      return;
    }
    if (uploading) {
      form.show({}, ProductFormMessages.imagesUploading);
      return;
    }
    form.reset();
    setSending(true);
    try {
      const saved = await onSubmit(values, check.storeUrls);
      if (saved) {
        const rows = storeRowsOf(saved.originalURLs);
        setValues((current) => ({ ...current, storeUrls: rows }));
        setRowWarnings(rowsOfWarnings(rows, saved.warnings ?? []));
      }
    } catch (error) {
      if (onLimitReached && errorCodeOf(error) === ErrorCode.PRODUCT_LIMIT_EXCEEDED) {
        onLimitReached();
      } else {
        const status = httpStatusOf(error);
        form.showFailure(
          formFailure(error, PRODUCT_FIELDS, userFacingMessage(status, serverMessageOf(error))),
        );
      }
    } finally {
      setSending(false);
    }
  };

  const stores = values.storeUrls.map(detectStore).filter((store) => store !== null);
  const pinnable = pinnableStores(values.storeUrls);
  const fillStore = fillableStore(values.storeUrls);
  const price = parseRupees(values.price);
  const code = values.shortCode.trim();
  const linkPrefix = `${publicHost()}/${shopUrl ?? 'yourshop'}/`;
  const device = deviceTimeZone();

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Product link">
      <div className="product-form__main">
        {form.formError && <FormAlert>{form.formError}</FormAlert>}

        <section className="card form-section">
          <StoreUrlFields
            rows={values.storeUrls}
            onChange={setRows}
            rowErrors={rowErrors}
            rowWarnings={rowWarnings}
            listError={form.errors.originalURLs}
            firstRef={form.inputRef('originalURLs')}
            onPasteUrl={pasted}
          />
        </section>

        <section className="card form-section" aria-labelledby="store-links-title">
          <h2 id="store-links-title" className="form-section__title">
            Store links
          </h2>
          <Field
            label="Pinned store"
            hint="Shown first to visitors, and where the link without a store (/go) sends them. WhatsApp always stays last on the list."
          >
            {(control) => (
              <select
                {...control}
                name="defaultStore"
                className="field__input"
                value={
                  pinnable.some((store) => store.key === values.defaultStore)
                    ? values.defaultStore
                    : ''
                }
                onChange={(event) => set('defaultStore', event.target.value)}
              >
                <option value="">None: your order</option>
                {pinnable.map((store) => (
                  <option key={store.key} value={store.key}>
                    {store.vendor}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <SwitchField
            label="Add my affiliate tags"
            name="affiliateTags"
            checked={values.affiliateTags}
            onCheckedChange={(checked) => set('affiliateTags', checked)}
            hint="Your shop's Earnings settings. Turn off for a link some programmes forbid tags on (QR codes, e-mails, e-books)."
          />
          {earnings && (
            <StoreFinalUrls
              stores={stores}
              earnings={earnings}
              shopUrl={shopUrl ?? 'yourshop'}
              shortCode={code || 'yourcode'}
              affiliateTags={values.affiliateTags}
            />
          )}
        </section>

        <section className="card form-section" aria-labelledby="product-details-title">
          <h2 id="product-details-title" className="form-section__title">
            Product details
          </h2>
          <div className="store-fill">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={!fillStore || storePageRead.isLoading}
              onClick={() => fillStore && void fillFrom(fillStore.url, 'all')}
            >
              {storePageRead.isLoading
                ? 'Reading the store page…'
                : fillStore
                  ? `Fill from the ${fillStore.vendor} page`
                  : 'Fill from a store page'}
            </button>
            <p
              className={`field__hint store-fill__note${fillNote?.failed ? ' store-fill__note--failed' : ''}`}
              role="status"
            >
              {fillNote?.text ??
                (fillStore
                  ? 'Title, description, price, brand and picture, read from the store. You can change anything.'
                  : 'Add a store link above to fill these from its page.')}
            </p>
          </div>
          <TextField
            label="Title"
            name="title"
            value={values.title}
            onValueChange={(value) => set('title', value)}
            error={form.errors.title}
            inputRef={form.inputRef('title')}
            maxLength={PRODUCT_LIMITS.title}
            placeholder="Pochampally ikat cotton saree"
          />
          <TextAreaField
            label="Description (optional)"
            name="description"
            value={values.description}
            onValueChange={(value) => set('description', value)}
            error={form.errors.description}
            inputRef={form.inputRef('description')}
            rows={3}
            counter={PRODUCT_LIMITS.description}
          />
          <div className="form-section__row">
            <TextField
              label="Price in ₹ (optional)"
              name="price"
              inputMode="decimal"
              autoComplete="off"
              value={values.price}
              onValueChange={(value) => {
                // Typed by hand: the price is the owner's own, no longer the store page's.
                set('price', value);
                set('priceReadAt', '');
              }}
              error={form.errors.price}
              inputRef={form.inputRef('price')}
              leading="₹"
              placeholder="2,499"
              hint={
                values.priceReadAt
                  ? `As of ${formatReadDate(values.priceReadAt)}, from the store page`
                  : undefined
              }
            />
            <TextField
              label="Brand (optional)"
              name="brand"
              value={values.brand}
              onValueChange={(value) => set('brand', value)}
              error={form.errors.brand}
              inputRef={form.inputRef('brand')}
              maxLength={PRODUCT_LIMITS.brand}
            />
          </div>
          <fieldset className="form-section__fieldset">
            <legend className="field__label">Pictures (optional)</legend>
            <ImageListField
              images={values.images}
              onChange={(update) => {
                setValues((current) => ({ ...current, images: update(current.images) }));
                form.clear('images');
              }}
              upload={productImage}
              subject={values.title.trim()}
              max={PRODUCT_LIMITS.images}
              onBusyChange={setUploading}
              error={form.errors.images}
            />
          </fieldset>
        </section>

        <section className="card form-section" aria-labelledby="short-link-title">
          <h2 id="short-link-title" className="form-section__title">
            Short link
          </h2>
          <TextField
            label={mode === 'create' ? 'Custom short code (optional)' : 'Short code'}
            name="shortCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={values.shortCode}
            onValueChange={(value) => set('shortCode', value.toLowerCase())}
            error={form.errors.shortCode}
            inputRef={form.inputRef('shortCode')}
            maxLength={PRODUCT_LIMITS.shortCode}
            leading={linkPrefix}
            placeholder={mode === 'create' ? 'random' : undefined}
            hint={
              mode === 'create'
                ? 'Lowercase letters, numbers and hyphens. Leave it empty for a random code.'
                : 'Changing it stops the old short link from working.'
            }
          />
          <SwitchField
            label="Show on my shop page"
            name="showOnShop"
            checked={values.showOnShop}
            onCheckedChange={(checked) => set('showOnShop', checked)}
          />
          {mode === 'create' && (
            <p className="field__hint">
              Your link will be{' '}
              <strong>
                {publicOrigin()}/{shopUrl ?? 'yourshop'}/{code || '…'}
              </strong>
            </p>
          )}
        </section>

        <section className="card form-section" aria-labelledby="schedule-title">
          <h2 id="schedule-title" className="form-section__title">
            Schedule
          </h2>
          <p className="field__hint">
            For drops, sales and festival offers: the product is on your shop only between these
            times. Times in {zoneName(timeZone)}.{' '}
            {onUseTimeZone && device && device !== timeZone && (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onUseTimeZone(device)}
              >
                Use this device’s zone ({device})
              </button>
            )}
          </p>
          <div className="form-section__row">
            <TextField
              label="Show from (optional)"
              name="startsAt"
              type="datetime-local"
              value={values.startsAt}
              onValueChange={(value) => set('startsAt', value)}
              error={form.errors.startsAt}
              inputRef={form.inputRef('startsAt')}
            />
            <TextField
              label="Hide after (optional)"
              name="endsAt"
              type="datetime-local"
              value={values.endsAt}
              onValueChange={(value) => set('endsAt', value)}
              error={form.errors.endsAt}
              inputRef={form.inputRef('endsAt')}
            />
          </div>
          {values.endsAt && (
            <>
              <fieldset className="form-section__fieldset">
                <legend className="field__label">After the end, its page</legend>
                <label className="radio-option">
                  <input
                    type="radio"
                    name="afterEnd"
                    value="message"
                    checked={values.afterEnd === 'message'}
                    onChange={() => set('afterEnd', 'message')}
                  />{' '}
                  shows a message
                </label>{' '}
                <label className="radio-option">
                  <input
                    type="radio"
                    name="afterEnd"
                    value="shop"
                    checked={values.afterEnd === 'shop'}
                    onChange={() => set('afterEnd', 'shop')}
                  />{' '}
                  sends visitors to your shop
                </label>
              </fieldset>
              {values.afterEnd === 'message' && (
                <TextAreaField
                  label="Message after the end (optional)"
                  name="endedMessage"
                  value={values.endedMessage}
                  onValueChange={(value) => set('endedMessage', value)}
                  error={form.errors.endedMessage}
                  inputRef={form.inputRef('endedMessage')}
                  rows={2}
                  counter={PRODUCT_LIMITS.endedMessage}
                  placeholder={DEFAULT_ENDED_MESSAGE}
                />
              )}
            </>
          )}
        </section>

        <div className="product-form__actions">
          <button type="submit" className="button button--primary button--large" disabled={sending}>
            {sending ? busyLabel : submitLabel}
          </button>
        </div>
      </div>

      <aside className="product-form__preview" aria-label="Preview">
        <p className="eyebrow">Preview</p>
        <ProductCardPreview
          title={values.title.trim()}
          description={values.description.trim()}
          price={typeof price === 'number' ? price : null}
          brand={values.brand.trim()}
          imageUrl={values.images[0] ?? ''}
          platforms={stores.map((store) => store.vendor)}
        />
        <p className="field__hint">This is how the product shows on your shop page.</p>
      </aside>
    </form>
  );
}

/** The server's warnings on the rows they are about: position n is the n-th filled-in row. */
function rowsOfWarnings(
  rows: readonly string[],
  warnings: readonly StoreLinkWarning[],
): Array<string | undefined> {
  const filled = rows.flatMap((row, index) => (row.trim() ? [index] : []));
  const onRows: Array<string | undefined> = rows.map(() => undefined);
  for (const warning of warnings) {
    const index = filled[warning.position - 1];
    if (index !== undefined) onRows[index] = warning.message;
  }
  return onRows;
}
