import {
  SOCIAL_PLATFORMS,
  socialLink,
  visibleSocialLinks,
  type Shop,
  type SocialMedia,
  type SocialPlatform,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useUpdateShopSettingsMutation } from '../../../lib/shop-api';
import { ShopPageHeader } from '../components/ShopPageHeader';
import { WithShop } from '../components/WithShop';
import { SOCIAL_FIELDS } from '../utils/social-fields';
import './shop-pages.css';

const SocialMessages = { saved: 'Social links saved' } as const;

type SocialValues = Record<SocialPlatform, string>;

const valuesOf = (social: SocialMedia): SocialValues =>
  Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => [platform, social[platform] ?? '']),
  ) as SocialValues;

/** SPEC section 3: the legacy Twitter entry is hidden once X is filled in. */
const shownPlatforms = (values: Partial<SocialValues>): SocialPlatform[] =>
  SOCIAL_PLATFORMS.filter((platform) => !(platform === 'twitter' && values.x?.trim()));

/** /dashboard/shop/social: the profiles shown as icons on the shop, each with its link. */
export function ShopSocialPage() {
  return (
    <div className="page page--form page--flush">
      <ShopPageHeader title="Social links">
        Add your profiles: they show as icons at the top of your shop.
      </ShopPageHeader>
      <WithShop>{(shop) => <SocialForm shop={shop} />}</WithShop>
    </div>
  );
}

function SocialForm({ shop }: { shop: Shop }) {
  const [updateShop, { isLoading }] = useUpdateShopSettingsMutation();
  const [values, setValues] = useState(() => valuesOf(shop.socialMedia));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      // Every platform is sent: an emptied one is removed on the server.
      const saved = await updateShop({ socialMedia: values }).unwrap();
      setValues(valuesOf(saved.socialMedia));
      toast.success(SocialMessages.saved);
    } catch (failure) {
      setError(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };

  const visible = visibleSocialLinks(values);

  return (
    <form className="shop-form" onSubmit={submit} noValidate aria-label="Social links">
      {error && <FormAlert>{error}</FormAlert>}
      <fieldset className="card shop-form__section">
        <legend>Profiles</legend>
        <div className="social-grid">
          {shownPlatforms(values).map((platform) => {
            const field = SOCIAL_FIELDS[platform];
            const link = socialLink(platform, values[platform]);
            return (
              <div key={platform} className="social-field">
                <TextField
                  label={field.label}
                  name={platform}
                  type={field.type ?? 'text'}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={field.placeholder}
                  value={values[platform]}
                  onValueChange={(value) =>
                    setValues((current) => ({ ...current, [platform]: value }))
                  }
                  hint={
                    link ? (
                      <span className="social-field__link">
                        Opens{' '}
                        <a href={link} target="_blank" rel="noreferrer">
                          {link}
                        </a>
                      </span>
                    ) : values[platform].trim() ? (
                      <span className="social-field__link social-field__link--empty">
                        This does not make a link yet.
                      </span>
                    ) : (
                      field.hint
                    )
                  }
                />
              </div>
            );
          })}
        </div>
      </fieldset>

      <section className="card shop-form__section" aria-labelledby="social-preview-title">
        <h2 id="social-preview-title" className="shop-form__section-title">
          On your shop
        </h2>
        {visible.length > 0 ? (
          <ul className="social-preview" aria-label="Links on your shop">
            {visible.map(({ platform, url }) => (
              <li key={platform}>
                <a href={url} target="_blank" rel="noreferrer">
                  {SOCIAL_FIELDS[platform].label.replace(' (old link)', '')}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="shop-form__hint">No social links yet.</p>
        )}
      </section>

      <div className="shop-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save social links'}
        </button>
      </div>
    </form>
  );
}
