import { Link } from 'react-router';
import { MAX_STORES_PER_PRODUCT, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/site';
import { LegalPage } from '../components/LegalPage';

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of Kartlink, a service that lets you open an online shop, list
        products as short links that point to up to {MAX_STORES_PER_PRODUCT} online stores each, and
        see how visitors use them. By creating an account or using Kartlink you agree to these terms
        and to our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>1. Your account</h2>
      <p>
        You must be at least 18 years old, or have the consent of a parent or guardian, and give
        accurate details when you sign up. Keep your password safe: you are responsible for what
        happens under your account. Tell us at once if you think someone else has used it.
      </p>

      <h2>2. Your shop and content</h2>
      <p>
        You keep ownership of everything you publish: your shop name, descriptions, images, banners
        and product details. You give Kartlink a worldwide, non-exclusive, royalty-free licence to
        host, copy, resize and display that content as needed to run your shop and show link
        previews. You confirm that you have the rights to everything you upload and that your
        product information, prices and links are accurate.
      </p>

      <h2>3. Acceptable use</h2>
      <p>You agree not to use Kartlink to:</p>
      <ul>
        <li>sell or promote anything illegal, counterfeit, stolen or unsafe;</li>
        <li>mislead buyers, for example with false prices, fake reviews or misleading links;</li>
        <li>
          link to malware, phishing pages or content that infringes someone else&apos;s rights;
        </li>
        <li>publish hateful, violent, sexual or otherwise objectionable content;</li>
        <li>send spam, or inflate visits or clicks artificially;</li>
        <li>probe, overload or attack the service, or get around its limits.</li>
      </ul>
      <p>
        Shop URLs are first come, first served. We may reclaim a URL that impersonates a brand or
        person, or that stays unused for a long time.
      </p>

      <h2>4. Third-party stores</h2>
      <p>
        Kartlink only links to stores such as Amazon, Flipkart, Myntra, AJIO, Meesho or WhatsApp; it
        does not sell products, take orders or handle payments between buyers and sellers. Any
        purchase is a contract between the buyer and the seller or store, under that store&apos;s
        own terms. You must follow the rules of the stores and affiliate programmes you link to.
      </p>

      <h2>5. Plans, Premium and billing</h2>
      <p>
        The free plan includes a limited number of products. Premium removes that limit. Premium is
        billed in advance in Indian rupees for the period you choose, and taxes such as GST are
        added where they apply. It renews automatically until you cancel; cancelling stops the next
        renewal and you keep Premium until the end of the period already paid. Payments are not
        refunded except where the law requires it. If Premium ends, your existing products stay, but
        you cannot add more than the free plan allows. We will tell you at least 30 days before a
        price change applies to you.
      </p>

      <h2>6. Suspension and termination</h2>
      <p>
        You can stop using Kartlink and delete your account at any time. We may suspend or close an
        account, remove content or make a shop private if you break these terms, if the law requires
        it, or to protect buyers, other users or the service. Where we reasonably can, we will tell
        you why and give you a chance to fix the problem first.
      </p>

      <h2>7. Availability and changes</h2>
      <p>
        We work to keep Kartlink available and secure, but the service is provided &quot;as is&quot;
        and may sometimes be interrupted for maintenance or reasons outside our control. We may
        change or discontinue features; we will give notice of changes that materially reduce what a
        paid plan includes.
      </p>

      <h2>8. Limitation of liability</h2>
      <p>
        To the extent the law allows, Kartlink is not liable for indirect or consequential losses,
        lost profits or lost sales, or for the acts of stores, buyers or other third parties. Our
        total liability for any claim is limited to the amount you paid us in the 12 months before
        the claim, or ₹1,000 if you have not paid us. Nothing in these terms limits liability that
        cannot be limited by law.
      </p>

      <h2>9. Indemnity</h2>
      <p>
        You will compensate Kartlink for claims by others that arise from your content, your
        products or your breach of these terms.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the laws of India. Disputes will be resolved by the competent
        courts in India, subject to any consumer rights you have where you live.
      </p>

      <h2>11. Changes to these terms</h2>
      <p>
        We may update these terms. We will change the date at the top and, for important changes,
        tell account holders before they apply. Continuing to use Kartlink after that means you
        accept the new terms.
      </p>

      <h2>12. Contact</h2>
      <p>
        Questions about these terms: <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
