import type { BannerList as BannerSet } from '@kartlink/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { SwitchField } from '../../../components/form/SwitchField';
import { Spinner } from '../../../components/Spinner';
import { bannerErrorMessage, BannerFailures } from '../../../lib/media/banner-checks';
import { useBannersQuery, useToggleBannersMutation } from '../../../lib/media/banners-api';
import { BannerList } from '../components/BannerList';
import { BannerUploader } from '../components/BannerUploader';
import { ShopPageHeader } from '../components/ShopPageHeader';
import './banners.css';
import './shop-pages.css';

const BannersPageMessages = {
  shown: 'Banners are shown on your shop',
  hidden: 'Banners are hidden from your shop',
} as const;

/**
 * /dashboard/shop/banners (Beta; SPEC sections 2, 5, 7 and 8): the wide images that rotate at
 * the top of the shop. Upload one or up to 3 at once, give each a text and a link, put them in
 * order, and show or hide them all.
 */
export function ShopBannersPage() {
  const { data, error, isLoading, refetch } = useBannersQuery();

  return (
    <div className="page page--form page--flush">
      <ShopPageHeader title="Shop banners" badge="Beta">
        Wide images that rotate at the top of your shop, each leading where you choose.
      </ShopPageHeader>
      {isLoading ? (
        <Spinner label="Loading your banners" />
      ) : !data ? (
        <div className="page__problem">
          <FormAlert>{bannerErrorMessage(error, BannerFailures.fetch)}</FormAlert>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <Banners set={data} />
      )}
    </div>
  );
}

function Banners({ set }: { set: BannerSet }) {
  const [toggle, { isLoading: toggling }] = useToggleBannersMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const show = async (enabled: boolean) => {
    setProblem(null);
    try {
      await toggle({ enabled }).unwrap();
      toast.success(enabled ? BannersPageMessages.shown : BannersPageMessages.hidden);
    } catch (error) {
      setProblem(bannerErrorMessage(error, BannerFailures.toggle));
    }
  };

  return (
    <>
      <section className="card shop-form__section" aria-labelledby="banners-visibility">
        <h2 id="banners-visibility" className="shop-form__section-title">
          On your shop
        </h2>
        <SwitchField
          label={set.enabled ? 'Banners are shown' : 'Banners are hidden'}
          aria-label="Show banners on my shop"
          checked={set.enabled}
          disabled={toggling}
          onCheckedChange={(enabled) => void show(enabled)}
        />
        {problem && <FormAlert>{problem}</FormAlert>}
        <p className="shop-form__hint">
          They rotate every 4 seconds: one at a time on phones, three side by side on wider screens,
          and stand still when they all fit.
        </p>
      </section>

      <section className="card shop-form__section" aria-labelledby="banners-new">
        <h2 id="banners-new" className="shop-form__section-title">
          Add banners
        </h2>
        <div className="banner-guide">
          <span className="banner-guide__frame" aria-hidden="true">
            1500 × 500
          </span>
          <p className="shop-form__hint">
            Banners are shown 3:1, three times as wide as they are tall: 1500×500 pixels works well.
            Keep text and faces near the middle, as small screens may trim the edges.
          </p>
        </div>
        <BannerUploader count={set.images.length} />
      </section>

      <section className="card shop-form__section" aria-labelledby="banners-list">
        <h2 id="banners-list" className="shop-form__section-title">
          Your banners
        </h2>
        <BannerList banners={set.images} />
      </section>
    </>
  );
}
