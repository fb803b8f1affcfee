import {
  cleanShopUrlInput,
  DEFAULT_TIME_ZONE,
  DESCRIPTION_MAX,
  SHOP_NAME_MAX,
  SHOP_URL_MAX,
  SHOP_URL_MIN,
  ShopMessages,
  shopDescriptionProblem,
  shopNameProblem,
  shopUrlProblem,
  type Shop,
  type ShopSettingsBody,
} from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Field } from '../../../components/form/Field';
import { FormAlert } from '../../../components/form/FormAlert';
import { SwitchField } from '../../../components/form/SwitchField';
import { TextAreaField } from '../../../components/form/TextAreaField';
import { TextField } from '../../../components/form/TextField';
import { ImageUploadField } from '../../../components/media/ImageUploadField';
import { HiddenShopNotice } from '../../../components/moderation/ModerationNotice';
import { useFormErrors } from '../../../hooks/use-form-errors';
import {
  AvailabilityMessages,
  useShopUrlAvailability,
} from '../../../hooks/use-shop-url-availability';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { formFailure } from '../../../lib/form-errors';
import { usePhotoUploaders } from '../../../lib/media/media-api';
import { publicHost, publicShopAddress } from '../../../lib/public-address';
import { timeZone as deviceTimeZone } from '../../../lib/time-zone';
import { useUpdateShopSettingsMutation } from '../../../lib/shop-api';
import { CustomDomainSection } from '../components/CustomDomainSection';
import { ShopPageHeader } from '../components/ShopPageHeader';
import { WithShop } from '../components/WithShop';
import './shop-pages.css';

const FIELDS = ['shopName', 'shopDescription', 'shopUrl'] as const;
type Field = (typeof FIELDS)[number];

const SettingsMessages = {
  saved: 'Shop settings saved',
  nothingChanged: 'Nothing to save: no setting has changed.',
  urlAvailable: AvailabilityMessages.available,
  urlCharacters: 'Only lowercase letters, numbers and hyphens.',
  photoSaved: 'Shop photo saved',
  photoRemoved: 'Shop photo removed',
  urlChangeWarning:
    'Links you already shared with the old address, and the short links of your products, will stop working.',
} as const;

/** /dashboard/shop/settings: the shop's name, description, address, visibility and photo. */
export function ShopSettingsPage() {
  return (
    <div className="page page--form page--flush">
      <ShopPageHeader title="Shop settings">
        What visitors see at the top of your shop, where they find it, and whether they may.
      </ShopPageHeader>
      <WithShop>
        {(shop) => (
          <>
            {shop.hidden && <HiddenShopNotice hold={shop.hidden} />}
            <SettingsForm shop={shop} />
            <CustomDomainSection />
          </>
        )}
      </WithShop>
    </div>
  );
}

/**
 * The zones an owner can pick: India's first (most owners), then this device's and the one
 * saved, then every zone the browser knows, by name.
 */
function timeZoneChoices(saved: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, deviceTimeZone(), saved, ...known])].filter(Boolean);
}

function SettingsForm({ shop }: { shop: Shop }) {
  const [updateShop, { isLoading }] = useUpdateShopSettingsMutation();
  const form = useFormErrors(FIELDS);
  const [saved, setSaved] = useState(shop);
  const [values, setValues] = useState({
    shopName: shop.shopName ?? '',
    shopDescription: shop.shopDescription ?? '',
    shopUrl: shop.shopUrl ?? '',
    isShopPublic: shop.isShopPublic,
    timeZone: shop.timeZone ?? DEFAULT_TIME_ZONE,
  });
  const availability = useShopUrlAvailability(values.shopUrl, { ownUrl: saved.shopUrl });

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  const urlChanged = values.shopUrl !== (saved.shopUrl ?? '');
  const liveUrlProblem =
    values.shopUrl.length > 0 && values.shopUrl.length < SHOP_URL_MIN
      ? ShopMessages.urlTooShort
      : availability.kind === 'unavailable'
        ? availability.message
        : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = {
      shopName: shopNameProblem(values.shopName),
      shopDescription: shopDescriptionProblem(values.shopDescription),
      shopUrl:
        shopUrlProblem(values.shopUrl) ??
        (availability.kind === 'unavailable' ? availability.message : undefined),
    };
    if (Object.values(problems).some(Boolean)) return form.show(problems);

    const body: ShopSettingsBody = {};
    if (values.shopName.trim() !== saved.shopName) body.shopName = values.shopName.trim();
    if (values.shopDescription.trim() !== saved.shopDescription)
      body.shopDescription = values.shopDescription.trim();
    if (urlChanged) body.shopUrl = values.shopUrl;
    if (values.isShopPublic !== saved.isShopPublic) body.isShopPublic = values.isShopPublic;
    if (values.timeZone !== (saved.timeZone ?? DEFAULT_TIME_ZONE)) body.timeZone = values.timeZone;
    if (Object.keys(body).length === 0) {
      form.show({}, SettingsMessages.nothingChanged);
      return;
    }

    form.reset();
    try {
      const shopNow = await updateShop(body).unwrap();
      setSaved(shopNow);
      toast.success(SettingsMessages.saved);
    } catch (error) {
      form.showFailure(formFailure(error, FIELDS, userFacingMessage(httpStatusOf(error))));
    }
  };

  return (
    <form className="shop-form" onSubmit={submit} noValidate aria-label="Shop settings">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}

      <fieldset className="card shop-form__section">
        <legend>About your shop</legend>
        <TextField
          label="Shop name"
          name="shopName"
          value={values.shopName}
          onValueChange={(value) => set('shopName', value)}
          error={form.errors.shopName}
          inputRef={form.inputRef('shopName')}
          counter={SHOP_NAME_MAX}
        />
        <TextAreaField
          label="Description"
          name="shopDescription"
          rows={4}
          value={values.shopDescription}
          onValueChange={(value) => set('shopDescription', value)}
          error={form.errors.shopDescription}
          inputRef={form.inputRef('shopDescription')}
          counter={DESCRIPTION_MAX}
          hint="10 to 499 characters. The first 120 show on your shop, with Show more."
        />
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Address and visibility</legend>
        <TextField
          label="Shop URL"
          name="shopUrl"
          value={values.shopUrl}
          onValueChange={(value) => set('shopUrl', cleanShopUrlInput(value))}
          leading={`${publicHost()}/`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={SHOP_URL_MAX}
          error={form.errors.shopUrl ?? liveUrlProblem}
          inputRef={form.inputRef('shopUrl')}
          hint={
            urlChanged && availability.kind === 'available' ? (
              <span className="field-success">{SettingsMessages.urlAvailable}</span>
            ) : urlChanged && availability.kind === 'checking' ? (
              AvailabilityMessages.checking
            ) : (
              SettingsMessages.urlCharacters
            )
          }
        />
        {urlChanged && <p className="shop-form__warning">{SettingsMessages.urlChangeWarning}</p>}
        <p className="shop-form__hint">
          Your shop: <strong>{publicShopAddress(values.shopUrl || 'yourshop')}</strong>
        </p>
        <SwitchField
          label={values.isShopPublic ? 'Public: anyone with the link can visit' : 'Private: hidden'}
          aria-label="Shop is public"
          name="isShopPublic"
          checked={values.isShopPublic}
          onCheckedChange={(checked) =>
            setValues((current) => ({ ...current, isShopPublic: checked }))
          }
        />
        {!values.isShopPublic && (
          <p className="shop-form__hint">
            Visitors will read &lsquo;This shop is currently set to private mode by the
            owner.&rsquo; Your product links stop opening too.
          </p>
        )}
      </fieldset>

      <fieldset className="card shop-form__section">
        <legend>Time zone</legend>
        <Field
          label="Your time zone"
          hint="Scheduled products appear and leave at these clock times; dates show in this zone."
        >
          {(control) => (
            <select
              {...control}
              className="field__input"
              name="timeZone"
              value={values.timeZone}
              onChange={(event) =>
                setValues((current) => ({ ...current, timeZone: event.target.value }))
              }
            >
              {timeZoneChoices(values.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>

      <ShopPhotoSection shop={saved} onSaved={setSaved} />

      <div className="shop-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

interface ShopPhotoSectionProps {
  shop: Shop;
  onSaved: (shop: Shop) => void;
}

/**
 * The shop's photo: uploaded (POST /photos/shop) and saved as shopPhotoURL at once, apart from
 * the form's other settings, so that a new photo is never left unsaved.
 */
function ShopPhotoSection({ shop, onSaved }: ShopPhotoSectionProps) {
  const { shopPhoto } = usePhotoUploaders();
  const [updateShop] = useUpdateShopSettingsMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (shopPhotoURL: string | null, success: string) => {
    setProblem(null);
    try {
      onSaved(await updateShop({ shopPhotoURL }).unwrap());
      toast.success(success);
    } catch (error) {
      setProblem(userFacingMessage(httpStatusOf(error), serverMessageOf(error)));
    }
  };

  return (
    <fieldset className="card shop-form__section">
      <legend>Photo</legend>
      <p className="shop-form__hint">
        Your logo or photo, shown round at the top of your shop. Square images look best; it is
        resized to 800×800.
      </p>
      <ImageUploadField
        inputLabel="Shop photo file"
        upload={shopPhoto}
        currentUrl={shop.shopPhotoURL}
        currentAlt="Shop photo"
        onUploaded={(photo) => void save(photo.url, SettingsMessages.photoSaved)}
        onRemove={() => void save(null, SettingsMessages.photoRemoved)}
      />
      {problem && <FormAlert>{problem}</FormAlert>}
    </fieldset>
  );
}
