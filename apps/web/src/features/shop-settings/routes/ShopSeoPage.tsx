import { SEO_LIMITS, type Shop, type ShopSeo } from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { Field } from '../../../components/form/Field';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { publicHost, publicShopAddress } from '../../../lib/public-address';
import { useUpdateShopSettingsMutation } from '../../../lib/shop-api';
import { ShopPageHeader } from '../components/ShopPageHeader';
import { WithShop } from '../components/WithShop';
import './shop-pages.css';

type LimitedField = keyof typeof SEO_LIMITS;
type SeoValues = Record<LimitedField, string> & {
  twitterCard: NonNullable<ShopSeo['twitterCard']>;
};

const SeoMessages = {
  saved: 'SEO settings saved',
  tooLong: (limit: number) => `Must be at most ${limit} characters`,
} as const;

const LIMITED_FIELDS = Object.keys(SEO_LIMITS) as LimitedField[];

const valuesOf = (seo: ShopSeo): SeoValues => ({
  ...(Object.fromEntries(LIMITED_FIELDS.map((field) => [field, seo[field] ?? ''])) as Record<
    LimitedField,
    string
  >),
  twitterCard: seo.twitterCard ?? 'summary_large_image',
});

/** What search engines and link previews show: an empty field falls back as its hint says. */
function seoPreview(values: Partial<SeoValues>, shop: Shop) {
  const pick = (...candidates: Array<string | null | undefined>) =>
    candidates.map((c) => c?.trim()).find(Boolean) ?? '';
  const title = pick(values.title, shop.shopName);
  const description = pick(values.description, shop.shopDescription);
  return {
    title,
    description,
    ogTitle: pick(values.ogTitle, title),
    ogDescription: pick(values.ogDescription, description),
    ogImage: pick(values.ogImage, shop.shopPhotoURL),
  };
}

/** /dashboard/shop/seo (Pro): titles, descriptions and images for search and sharing. */
export function ShopSeoPage() {
  return (
    <div className="page page--form page--flush">
      <ShopPageHeader title="Search and sharing (SEO)" badge="Pro">
        How your shop appears in search results and when its link is shared on WhatsApp, Instagram
        or X.
      </ShopPageHeader>
      <WithShop>{(shop) => <SeoForm shop={shop} />}</WithShop>
    </div>
  );
}

function SeoForm({ shop }: { shop: Shop }) {
  const [updateShop, { isLoading }] = useUpdateShopSettingsMutation();
  const [values, setValues] = useState(() => valuesOf(shop.seo));
  const [error, setError] = useState<string | null>(null);
  const [brokenImage, setBrokenImage] = useState<string | null>(null);

  const set = (field: keyof SeoValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const tooLong = (field: LimitedField) =>
    values[field].trim().length > SEO_LIMITS[field]
      ? SeoMessages.tooLong(SEO_LIMITS[field])
      : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (LIMITED_FIELDS.some(tooLong)) {
      setError('Some texts are longer than allowed: shorten the ones marked in red.');
      return;
    }
    setError(null);
    try {
      const saved = await updateShop({ seo: values }).unwrap();
      setValues(valuesOf(saved.seo));
      toast.success(SeoMessages.saved);
    } catch (failure) {
      setError(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };

  const field = (name: LimitedField, label: string, hint?: string, multiline = false) => {
    const props = {
      label,
      name,
      value: values[name],
      onValueChange: (value: string) => set(name, value),
      counter: SEO_LIMITS[name],
      error: tooLong(name),
      hint,
    };
    return multiline ? <TextAreaField {...props} rows={3} /> : <TextField {...props} />;
  };

  const preview = seoPreview(values, shop);
  const address = publicShopAddress(shop.shopUrl ?? '');
  const host = publicHost();

  return (
    <form className="shop-form" onSubmit={submit} noValidate aria-label="SEO settings">
      {error && <FormAlert>{error}</FormAlert>}

      <fieldset className="card shop-form__section">
        <legend>Search results</legend>
        {field('title', 'Page title', 'Empty: your shop name.')}
        {field('description', 'Meta description', 'Empty: your shop description.', true)}
        {field('keywords', 'Keywords', 'Separated by commas, e.g. sarees, handloom, ikat.')}
        <section aria-labelledby="serp-preview-title">
          <h3 id="serp-preview-title" className="shop-form__hint">
            Search result preview
          </h3>
          <div className="serp-preview" data-testid="search-preview">
            <span className="serp-preview__site">
              {host} › {shop.shopUrl}
            </span>
            <span className="serp-preview__title">{preview.title}</span>
            <span className="serp-preview__text">{preview.description}</span>
          </div>
        </section>
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Sharing (Open Graph)</legend>
        {field('ogTitle', 'Share title', 'Empty: the page title.')}
        {field('ogDescription', 'Share description', 'Empty: the meta description.', true)}
        {field('ogImage', 'Share image address', 'Empty: your shop photo. Best at 1200×630.')}
        <section aria-labelledby="share-preview-title">
          <h3 id="share-preview-title" className="shop-form__hint">
            Shared link preview
          </h3>
          <div className="share-preview" data-testid="share-preview">
            <div className="share-preview__image">
              {preview.ogImage && brokenImage !== preview.ogImage ? (
                <img src={preview.ogImage} alt="" onError={() => setBrokenImage(preview.ogImage)} />
              ) : (
                <span>No image</span>
              )}
            </div>
            <div className="share-preview__body">
              <span className="share-preview__site">{host}</span>
              <span className="share-preview__title">{preview.ogTitle}</span>
              <span className="share-preview__text">{preview.ogDescription}</span>
            </div>
          </div>
          <p className="shop-form__hint">
            For <a href={address}>{address}</a>
          </p>
        </section>
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>X (Twitter) card</legend>
        <Field label="Card type">
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={values.twitterCard}
              onChange={(event) => set('twitterCard', event.target.value)}
            >
              <option value="summary_large_image">Large image</option>
              <option value="summary">Small image</option>
            </select>
          )}
        </Field>
        {field('twitterTitle', 'X title', 'Empty: the share title.')}
        {field('twitterDescription', 'X description', 'Empty: the share description.', true)}
        {field('twitterImage', 'X image address', 'Empty: the share image.')}
      </fieldset>

      <div className="shop-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save SEO settings'}
        </button>
      </div>
    </form>
  );
}
