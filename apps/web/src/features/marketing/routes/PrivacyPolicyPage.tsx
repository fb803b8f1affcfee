import { Link } from 'react-router';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '../../../lib/site';
import { LegalPage } from '../components/LegalPage';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Kartlink lets sellers and creators open an online shop and share their products as short
        links that lead to the stores selling them. This policy explains what information we collect
        when you use Kartlink, as a shop owner or as a visitor of a shop, why we collect it, and the
        choices you have.
      </p>

      <h2>1. Information we collect</h2>
      <p>When you create and use an account, we collect:</p>
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address, your name and, if you give it, your
          phone number. If you sign in with Google we receive your name, e-mail address and profile
          photo from Google. Your password is stored only as a secure hash.
        </li>
        <li>
          <strong>Shop content:</strong> your shop&apos;s name, URL, description, photo, banners,
          social media handles and search-engine settings, and the products you add: titles,
          descriptions, prices, brands, images and the store links they point to.
        </li>
        <li>
          <strong>Plan and billing status:</strong> whether you use the free plan or Premium.
          Payments are handled by our payment provider; we do not store your card details.
        </li>
      </ul>
      <p>When anyone visits a shop or a product page, we collect:</p>
      <ul>
        <li>
          <strong>Visit and click analytics:</strong> which shop and product was opened, which store
          was chosen, and the time of the visit, together with the device type, the browser and the
          time zone of the visitor. We use this to show shop owners how their shop performs. We do
          not sell it and we do not build profiles of individual visitors.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, request logs and error reports, kept to
          operate, secure and debug the service.
        </li>
      </ul>

      <h2>2. Cookies and local storage</h2>
      <p>
        We use cookies and your browser&apos;s local and session storage to keep you signed in,
        remember your light or dark mode choice, remember a shop URL you claimed before signing up,
        and avoid showing the same message twice. Where an operator of this Kartlink installation
        has turned on advertising or analytics tags (such as the Meta pixel or Google Analytics),
        those services may set their own cookies to measure page views.
      </p>

      <h2>3. How we use information</h2>
      <ul>
        <li>To create and secure your account and to sign you in.</li>
        <li>To publish your shop and products at the addresses you choose.</li>
        <li>To show you analytics about visits and clicks on your shop.</li>
        <li>To send you service e-mails, such as verification codes and password resets.</li>
        <li>To prevent abuse, fraud and spam, and to keep the service running.</li>
      </ul>

      <h2>4. Third-party stores and services</h2>
      <p>
        Product links lead to third-party stores such as Amazon, Flipkart, Myntra, AJIO, Meesho or
        WhatsApp. When a visitor follows such a link, that store&apos;s own privacy policy applies;
        Kartlink does not control what they collect. We rely on service providers for hosting,
        e-mail delivery, sign-in with Google, payments and error reporting. They process data only
        on our behalf and under agreements that protect it.
      </p>

      <h2>5. What is public</h2>
      <p>
        Your shop page, its products, banners and social links are public unless you set your shop
        to private. Your e-mail address, phone number and analytics are never shown on your shop.
      </p>

      <h2>6. How long we keep data</h2>
      <p>
        We keep your account and shop content while your account exists. When you delete your
        account, we delete or anonymise your personal data within 30 days, except where the law
        requires us to keep records longer (for example invoices). Visit and click analytics are
        kept in aggregated form; raw events are deleted after they are aggregated and at most after
        13 months. Logs are kept for up to 90 days.
      </p>

      <h2>7. Security</h2>
      <p>
        We protect data in transit with encryption, store passwords as strong hashes, limit who can
        access production systems and review access regularly. No service can promise perfect
        security; if we learn of a breach that affects you, we will tell you.
      </p>

      <h2>8. Your rights</h2>
      <p>
        You can see and correct your account and shop details in your dashboard at any time. You may
        also ask us for a copy of your personal data, to correct or erase it, or to withdraw a
        consent you gave, as provided by the Digital Personal Data Protection Act, 2023 and other
        applicable law. Write to us at the address below and we will answer within 30 days.
      </p>

      <h2>9. Children</h2>
      <p>
        Kartlink is not meant for children. You must be at least 18 years old, or have the consent
        of a parent or guardian, to create an account.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We may update this policy. We will change the date at the top and, for important changes,
        tell account holders by e-mail or in the dashboard before the change applies.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions or requests about your data: <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>. See
        also our <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
