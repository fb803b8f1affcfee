import { Link } from 'react-router';
import { ChartIcon, LinkIcon, SparkIcon, StoreIcon } from '../../../components/icons';
import { MAX_STORES_PER_PRODUCT, STORE_NAMES } from '../../../lib/site';
import { ClaimShopUrlForm } from '../components/ClaimShopUrlForm';
import { ShopPreview } from '../components/ShopPreview';
import { publicHost } from '../../../lib/public-address';
import './HomePage.css';

const SIGN_UP = '/auth?tab=signup';

const STEPS = [
  {
    title: 'Claim your shop',
    text: 'Pick your shop URL and add a name, a short description and a photo. Your shop is live at your own address.',
  },
  {
    title: 'Add your products',
    text: `Paste the product's links from 2 to ${MAX_STORES_PER_PRODUCT} stores, add a title, price and photos. Kartlink gives it one short link.`,
  },
  {
    title: 'Share and see what works',
    text: 'Put your shop or product links in your bio, stories and WhatsApp chats, and watch which products and stores get the clicks.',
  },
];

export function HomePage() {
  const shopAddress = `${publicHost()}/yourshop`;
  const features = [
    {
      Icon: LinkIcon,
      title: 'One link per product',
      text: `Each product gets a single short link that lets your buyer choose between up to ${MAX_STORES_PER_PRODUCT} stores. No more "link in bio" lists that go stale.`,
    },
    {
      Icon: StoreIcon,
      title: 'Your own shop page',
      text: `All your products in one mobile-friendly shop at ${shopAddress}, with your photo, banners and social links.`,
    },
    {
      Icon: ChartIcon,
      title: 'Click analytics',
      text: 'See which products people open and which stores they pick, by day, device, browser and region.',
    },
    {
      Icon: SparkIcon,
      title: 'Ready to be found',
      text: 'Set how your shop looks in search results and in link previews on WhatsApp, Instagram and X.',
    },
  ];

  return (
    <div className="home">
      <section className="home-hero container" aria-labelledby="home-title">
        <div className="home-hero__copy">
          <p className="eyebrow">For creators and sellers</p>
          <h1 id="home-title" className="home-hero__title">
            One link for every store you sell on
          </h1>
          <p className="home-hero__lead">
            Kartlink turns each of your products into one short link that opens it on Amazon,
            Flipkart, Myntra, AJIO, Meesho, WhatsApp or any other store — up to{' '}
            {MAX_STORES_PER_PRODUCT} stores per product — and gathers them all in your own shop
            page.
          </p>
          <div className="home-hero__actions">
            <Link to={SIGN_UP} className="button button--primary button--large">
              Create your free shop
            </Link>
            <a href="#how-it-works" className="button button--ghost button--large">
              See how it works
            </a>
          </div>
          <ClaimShopUrlForm />
        </div>
        <ShopPreview />
      </section>

      <section className="home-stores container" aria-labelledby="home-stores-title">
        <h2 id="home-stores-title" className="home-stores__title">
          Link your products on
        </h2>
        <ul className="home-stores__list">
          {STORE_NAMES.map((store) => (
            <li key={store} className="home-stores__store">
              {store}
            </li>
          ))}
          <li className="home-stores__store home-stores__store--other">any other store</li>
        </ul>
      </section>

      <section id="how-it-works" className="home-section container" aria-labelledby="steps-title">
        <h2 id="steps-title" className="home-section__title">
          How it works
        </h2>
        <ol className="home-steps">
          {STEPS.map(({ title, text }) => (
            <li key={title} className="home-steps__step">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="home-section container" aria-labelledby="features-title">
        <h2 id="features-title" className="home-section__title">
          Everything your shop needs
        </h2>
        <ul className="home-features">
          {features.map(({ Icon, title, text }) => (
            <li key={title} className="home-features__item">
              <span className="home-features__icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section container" aria-labelledby="plans-title">
        <h2 id="plans-title" className="home-section__title">
          Start free, grow with Premium
        </h2>
        <div className="home-plans">
          <article className="home-plans__plan">
            <h3>Free</h3>
            <p>
              Your shop page, short links for your products and click analytics. The free plan
              covers a limited number of products.
            </p>
          </article>
          <article className="home-plans__plan home-plans__plan--premium">
            <h3>Premium</h3>
            <p>
              Upgrade to Premium for unlimited products, when your catalogue outgrows the free plan.
            </p>
          </article>
        </div>
      </section>

      <section className="home-cta container" aria-labelledby="cta-title">
        <h2 id="cta-title">Your shop can be live in a few minutes</h2>
        <p>Sign up with your e-mail or Google account. No card needed.</p>
        <Link to={SIGN_UP} className="button button--primary button--large">
          Sign up free
        </Link>
      </section>
    </div>
  );
}
